import Foundation
import LocSimCanonicalJSON
import LocSimHTTPRecording
import Testing

@Suite struct CassetteTests {
    static let sample = Cassette(interactions: [
        HTTPInteraction(
            request: HTTPRequest(
                method: "GET", url: "https://api.aerisapi.com/advisories/franklin,la,us?client_id=<AERIS_CLIENT_ID>",
                headers: ["Accept": "application/json"]),
            response: HTTPResponse(
                status: 200,
                headers: [
                    "Content-Type": "application/json; charset=utf-8", "Content-Length": "99",
                    "Content-Encoding": "gzip",
                ],
                body: Array(#"{"success": true, "response": [], "n": 1.50}"#.utf8)),
            recordedAt: "2024-05-01T17:03:11Z"),
        HTTPInteraction(
            request: HTTPRequest(
                method: "POST", url: "http://127.0.0.1:8080/form",
                headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Array("a=1&b=two+words".utf8)),
            response: HTTPResponse(
                status: 500, headers: ["Content-Type": "application/octet-stream"], body: [0, 1, 2, 255]),
            recordedAt: "2024-05-01T17:03:12Z"),
    ])

    @Test func formatIsPrettySortedAndNamesEveryBodyEncoding() {
        #expect(
            CassetteTests.sample.text() == """
                {
                  "interactions" : [
                    {
                      "recordedAt" : "2024-05-01T17:03:11Z",
                      "request" : {
                        "body" : "",
                        "bodyEncoding" : "text",
                        "headers" : {
                          "Accept" : "application/json"
                        },
                        "method" : "GET",
                        "url" : "https://api.aerisapi.com/advisories/franklin,la,us?client_id=<AERIS_CLIENT_ID>"
                      },
                      "response" : {
                        "body" : {
                          "n" : 1.50,
                          "response" : [],
                          "success" : true
                        },
                        "bodyEncoding" : "json",
                        "headers" : {
                          "Content-Type" : "application/json; charset=utf-8"
                        },
                        "status" : 200
                      }
                    },
                    {
                      "recordedAt" : "2024-05-01T17:03:12Z",
                      "request" : {
                        "body" : "a=1&b=two+words",
                        "bodyEncoding" : "text",
                        "headers" : {
                          "Content-Type" : "application/x-www-form-urlencoded"
                        },
                        "method" : "POST",
                        "url" : "http://127.0.0.1:8080/form"
                      },
                      "response" : {
                        "body" : "AAEC/w==",
                        "bodyEncoding" : "base64",
                        "headers" : {
                          "Content-Type" : "application/octet-stream"
                        },
                        "status" : 500
                      }
                    }
                  ],
                  "version" : 1
                }

                """)
    }

    @Test func readsBackWhatItWritesAsNormalizedInteractions() throws {
        let text = CassetteTests.sample.text()
        let read = try Cassette.parse(utf8: Array(text.utf8), path: "c.json")
        #expect(read.interactions == CassetteTests.sample.interactions.map { $0.normalized() })
        #expect(read.text() == text)
        #expect(
            String(decoding: read.interactions[0].response.body, as: UTF8.self)
                == #"{"n":1.50,"response":[],"success":true}"#)
    }

    @Test func handWrittenBodiesMayOmitTheEncoding() throws {
        let text =
            #"{"version":1,"interactions":[{"request":{"method":"GET","url":"https://h/p"},"response":{"status":200,"body":{"ok":true}}},{"request":{"method":"GET","url":"https://h/q"},"response":{"status":404,"body":"Not Found"}}]}"#
        let cassette = try Cassette.parse(utf8: Array(text.utf8), path: "hand.json")
        #expect(cassette.interactions.map(\.response.body) == [Array(#"{"ok":true}"#.utf8), Array("Not Found".utf8)])
        #expect(cassette.interactions[0].request.headers.isEmpty)
        #expect(cassette.interactions[0].recordedAt == "")
    }

    @Test func commentIsReadAndWrittenFirstInSortedKeyOrder() throws {
        let text = #"{"version":1,"comment":"Hand-written; not a live capture.","interactions":[]}"#
        let cassette = try Cassette.parse(utf8: Array(text.utf8), path: "c.json")
        #expect(cassette.comment == "Hand-written; not a live capture.")
        #expect(
            cassette.text() == """
                {
                  "comment" : "Hand-written; not a live capture.",
                  "interactions" : [],
                  "version" : 1
                }

                """)
        #expect(try Cassette.parse(utf8: Array(cassette.text().utf8), path: "c.json") == cassette)
        #expect(Cassette().text().contains("comment") == false, "no comment, no key")
    }

    @Test(arguments: [
        (#"{"version":1,"comment":7,"interactions":[]}"#, "c.json: error: comment: expected a string"),
        (#"{"version":1,"interactions":[{"request":"#, "c.json:1:41: error: unexpected end of input"),
        ("<html>", "c.json:1:1: error: unexpected character '<'"),
        ("", "c.json:1:1: error: unexpected end of input"),
        ("{\n  \"version\" : 1,\n  \"interactions\" : [,]\n}", "c.json:3:21: error: unexpected character ','"),
        (
            #"{"version":2,"interactions":[]}"#,
            "c.json: error: version: unsupported cassette version 2 (this build reads version 1)"
        ),
        (
            #"{"version":"1","interactions":[]}"#,
            #"c.json: error: version: unsupported cassette version "1" (this build reads version 1)"#
        ),
        (#"{"interactions":[]}"#, "c.json: error: version: missing (expected 1)"),
        (#"[1]"#, "c.json: error: expected a JSON object at the top level"),
        (#"{"version":1}"#, "c.json: error: interactions: expected an array"),
        (
            #"{"version":1,"interactions":[{"request":{"method":"GET","url":"u"},"response":{"status":"200"}}]}"#,
            "c.json: error: interactions[0].response.status: expected an integer HTTP status"
        ),
        (
            #"{"version":1,"interactions":[{"request":{"url":"u"},"response":{"status":200}}]}"#,
            "c.json: error: interactions[0].request.method: expected a non-empty string"
        ),
        (
            #"{"version":1,"interactions":[{"request":{"method":"GET","url":"u","headers":{"A":1}},"response":{"status":200}}]}"#,
            "c.json: error: interactions[0].request.headers.A: expected a string"
        ),
        (
            #"{"version":1,"interactions":[{"request":{"method":"GET","url":"u"},"response":{"status":200,"body":"@@","bodyEncoding":"base64"}}]}"#,
            "c.json: error: interactions[0].response.body: invalid base64"
        ),
        (
            #"{"version":1,"interactions":[{"request":{"method":"GET","url":"u"},"response":{"status":200,"body":"x","bodyEncoding":"gzip"}}]}"#,
            "c.json: error: interactions[0].response.bodyEncoding: unknown encoding 'gzip' (expected json, text or base64)"
        ),
    ])
    func brokenCassettesAreReportedWithPathAndReason(text: String, message: String) {
        do {
            _ = try Cassette.parse(utf8: Array(text.utf8), path: "c.json")
            Issue.record("parsed a broken cassette")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func syntaxAndShapeErrorsAreDifferentKinds() {
        #expect(throws: CassetteError(kind: .syntax, path: "p", line: 1, column: 2, reason: "expected a string key")) {
            try Cassette.parse(utf8: Array("{".utf8), path: "p")
        }
        #expect(throws: CassetteError(kind: .shape, path: "p", reason: "version: missing (expected 1)")) {
            try Cassette.parse(utf8: Array("{}".utf8), path: "p")
        }
    }
}

@Suite struct CassetteSizeCapTests {
    @Test func aBodyBeyondTheCapIsAShapeErrorNamingIt() {
        let text =
            #"{"version":1,"interactions":[{"request":{"method":"GET","url":"https://x.test/a"},"#
            + #""response":{"status":200,"body":"0123456789abcdef","bodyEncoding":"text"}}]}"#
        #expect(
            throws: CassetteError(
                kind: .shape, path: "c.json",
                reason: "interactions[0].response.body: 16 bytes is larger than the 10 bytes body cap")
        ) {
            try Cassette.parse(utf8: Array(text.utf8), path: "c.json", maxBodyBytes: 10)
        }
        #expect((try? Cassette.parse(utf8: Array(text.utf8), path: "c.json", maxBodyBytes: 16)) != nil)
    }

    /// A file over the cap is refused before it is read (a sparse file: no disk, no memory).
    @Test func aFileBeyondTheCapIsRefusedUnread() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-cap-\(UUID()).json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(CassetteStore.maxFileBytes + (1 << 20)))
        try handle.close()
        #expect(
            throws: CassetteError(
                kind: .io, path: path, reason: "the file is 129 MiB, larger than the 128 MiB cassette cap")
        ) {
            try CassetteStore.load(path)
        }
    }

    /// A placeholder sent percent-encoded (a provider without its key) is stored as committed
    /// cassettes spell it; other values, a lowercase `<b>` and the fragment stay as they were.
    @Test func aPercentEncodedPlaceholderInTheQueryIsStoredPlainly() {
        let sent = HTTPInteraction(
            request: HTTPRequest(url: "https://a.example/x?client_id=%3CAERIS_CLIENT_ID%3E&q=%3Cb%3E&p=%3c2%3E&z=1#f"),
            response: HTTPResponse(status: 200), recordedAt: "")
        #expect(
            sent.normalized().request.url == "https://a.example/x?client_id=<AERIS_CLIENT_ID>&q=%3Cb%3E&p=<2>&z=1#f")
        let plain = HTTPRequest(url: "https://a.example/x?client_id=<AERIS_CLIENT_ID>")
        #expect(
            HTTPInteraction(request: plain, response: HTTPResponse(status: 200), recordedAt: "").normalized().request
                .url == plain.url)
    }
}
