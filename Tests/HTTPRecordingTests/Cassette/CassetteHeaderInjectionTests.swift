import CanonicalJSON
import HTTPRecording
import Testing

/// Issue 24 item 3: a header name or value holding CR, LF or NUL would inject header lines when
/// the answer is sent, so a cassette holding one is refused when read, at the place it is spelled.
@Suite struct CassetteHeaderInjectionTests {
    static func cassette(responseHeaders: String, requestHeaders: String = "{}") -> String {
        """
        {
          "interactions" : [
            {
              "request" : { "headers" : \(requestHeaders), "method" : "GET", "url" : "https://a.example/x" },
              "response" : {
                "body" : "ok",
                "headers" : \(responseHeaders),
                "status" : 200
              }
            }
          ],
          "version" : 1
        }

        """
    }

    @Test(
        arguments: [
            (#"{ "X-A\r\nContent-Length: 0\r\nX-B" : "v" }"#, "name", 7, 23),
            (#"{ "X-Ok" : "1", "X-V" : "a\nSet-Cookie: x=1" }"#, "value", 7, 45),
            (#"{ "X-V" : "a\u0000b" }"#, "value", 7, 31),
        ])
    func aResponseHeaderWithCRLFOrNULIsRefusedAtItsPlace(headers: String, kind: String, line: Int, column: Int) {
        let text = Self.cassette(responseHeaders: headers)
        #expect(throws: CassetteError.self) { try Cassette.parse(utf8: Array(text.utf8), path: "c.json") }
        do {
            _ = try Cassette.parse(utf8: Array(text.utf8), path: "c.json")
        } catch {
            #expect(error.kind == .shape)
            #expect(
                error.description
                    == "c.json:\(line):\(column): error: interactions[0].response.headers: a header \(kind) holds a CR, "
                    + "LF or NUL character, which would inject header lines into the answer")
        }
    }

    @Test func aRequestHeaderIsCheckedToo() throws {
        let text = Self.cassette(responseHeaders: "{}", requestHeaders: #"{ "X-R" : "a\r\nb" }"#)
        do {
            _ = try Cassette.parse(utf8: Array(text.utf8), path: "c.json")
            Issue.record("a request header with CR LF was accepted")
        } catch {
            #expect(error.description.hasPrefix("c.json:4:43: error: interactions[0].request.headers: a header value"))
        }
    }

    @Test func aDecodedDocumentIsRefusedWithoutAPlace() throws {
        let root = try JSONValue.parse(Self.cassette(responseHeaders: #"{ "X-V" : "a\rb" }"#))
        #expect(throws: CassetteError.self) { try Cassette.decode(root, path: "c.json") }
    }

    @Test func ordinaryHeadersStillLoad() throws {
        let text = Self.cassette(responseHeaders: #"{ "Content-Type" : "text/plain", "X-Tab" : "a\tb" }"#)
        let cassette = try Cassette.parse(utf8: Array(text.utf8), path: "c.json")
        #expect(cassette.interactions[0].response.headers["X-Tab"] == "a\tb")
    }
}
