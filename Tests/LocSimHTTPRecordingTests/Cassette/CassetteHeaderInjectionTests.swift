import Foundation
import LocSimCanonicalJSON
import LocSimHTTPRecording
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

    /// The files a replay, `serve` or `locsim test` reads (`CassetteStore`, one file or a folder)
    /// name the place too, as `Cassette.parse` does; they said only `c.json: error: …`.
    @Test func theStoreNamesThePlaceForAFileAndAFolder() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-crlf-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("c.json").path
        try Data(Self.cassette(responseHeaders: #"{ "X-Ok" : "1", "X-V" : "a\nSet-Cookie: x=1" }"#).utf8)
            .write(to: URL(fileURLWithPath: path))
        let expected =
            "\(path):7:45: error: interactions[0].response.headers: a header value holds a CR, LF or NUL character, "
            + "which would inject header lines into the answer"
        #expect(throws: CassetteError.self) { try CassetteStore.loadIfPresent(path) }
        do {
            _ = try CassetteStore.loadIfPresent(path)
        } catch {
            #expect(error.description == expected)
        }
        do {
            _ = try CassetteStore.discover(in: directory.path)
            Issue.record("a folder holding a cassette with CR LF in a header was accepted")
        } catch {
            #expect(error.description == expected)
        }
    }

    /// A bad `matching` key read through the store is located as well (docs/recordings.md shows
    /// `cassette.json:5:32: error: matching.coordinates.metres: …`).
    @Test func theStoreLocatesABadMatchingKey() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-match-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("c.json").path
        let text = """
            {
              "interactions" : [],
              "matching" : { "coordinates" : { "metres" : 0 } },
              "version" : 1
            }

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try CassetteStore.loadIfPresent(path)
            Issue.record("metres 0 was accepted")
        } catch {
            #expect(error.description.hasPrefix("\(path):3:"), "\(error.description)")
            #expect(error.description.contains("error: matching.coordinates.metres:"))
        }
    }

    @Test func ordinaryHeadersStillLoad() throws {
        let text = Self.cassette(responseHeaders: #"{ "Content-Type" : "text/plain", "X-Tab" : "a\tb" }"#)
        let cassette = try Cassette.parse(utf8: Array(text.utf8), path: "c.json")
        #expect(cassette.interactions[0].response.headers["X-Tab"] == "a\tb")
    }
}
