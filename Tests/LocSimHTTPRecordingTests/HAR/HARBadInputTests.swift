import Foundation
import LocSimHTTPRecording
import Testing

/// Bad HAR input: a clear error naming the file and the line and column or the entry, never a crash.
@Suite struct HARBadInputTests {
    /// One entry around the request and response members given.
    static func har(request: String, response: String, extra: String = "") -> String {
        """
        {"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":[
          {"startedDateTime":"2024-05-01T17:03:11Z",\(extra)"request":\(request),"response":\(response)}]}}
        """
    }

    static let request = #"{"method":"GET","url":"https://api.aerisapi.com/x","headers":[]}"#
    static func response(_ content: String, status: String = "200") -> String {
        #"{"status":\#(status),"headers":[],"content":\#(content)}"#
    }
    static let okResponse = response(#"{"size":2,"mimeType":"text/plain","text":"ok"}"#)

    static func read(_ text: String) throws(CassetteError) -> HARImport {
        try HARReader.read(
            utf8: Array(text.utf8), path: "capture.har", options: HARImportOptions(maxBodyBytes: 1 << 20))
    }

    static func failure(_ text: String) -> CassetteError? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("{\"log\": {\n  \"version\": \"1.2\",,", "capture.har:2:"),
        ("<html>Proxyman</html>", "capture.har:1:1: error: "),
        ("[1, 2]", "capture.har: error: expected a JSON object with a 'log' (not a HAR)"),
        (#"{"interactions":[],"version":1}"#, "capture.har: error: log: missing: this is a cassette, not a HAR"),
        (
            #"{"log":{"version":"1.1","entries":[]}}"#,
            "capture.har: error: log.version: HAR version \"1.1\" is not read"
        ),
        (#"{"log":{"version":1.2,"entries":[]}}"#, "capture.har: error: log.version: HAR version 1.2 is not read"),
        (#"{"log":{"entries":[]}}"#, "capture.har: error: log.version: missing"),
        (#"{"log":{"version":"1.2"}}"#, "capture.har: error: log.entries: expected an array"),
    ])
    func documentErrorsNameTheFileAndPlace(text: String, prefix: String) {
        let error = Self.failure(text)
        #expect(error?.description.hasPrefix(prefix) == true, "\(String(describing: error))")
        #expect(error?.kind != .missing)
    }

    @Test(arguments: [
        (
            har(request: #"{"url":"https://a.example/","headers":[]}"#, response: okResponse),
            "log.entries[0].request.method: missing (HAR 1.2 requires it)"
        ),
        (
            har(request: #"{"method":"GET","headers":[]}"#, response: okResponse),
            "log.entries[0].request.url: missing (HAR 1.2 requires it)"
        ),
        (
            har(
                request: #"{"method":"GET","url":"api.aerisapi.com/x?client_id=abcdefgh12","headers":[]}"#,
                response: okResponse),
            "log.entries[0].request.url: 'api.aerisapi.com/x?client_id=<REDACTED_CLIENT_ID>' has no scheme"
        ),
        (
            har(request: request, response: #"{"headers":[],"content":{"size":0,"mimeType":""}}"#),
            "log.entries[0].response.status: missing (HAR 1.2 requires it)"
        ),
        (
            har(request: request, response: #"{"status":"OK","headers":[],"content":{"size":0,"mimeType":""}}"#),
            "log.entries[0].response.status: expected an integer"
        ),
        (
            har(request: request, response: #"{"status":200,"headers":[]}"#),
            "log.entries[0].response.content: missing (HAR 1.2 requires it)"
        ),
        (
            har(request: #"{"method":"GET","url":"https://a.example/"}"#, response: okResponse),
            "log.entries[0].request.headers: missing (HAR 1.2 requires it)"
        ),
        (
            har(request: request, response: #"{"status":200,"headers":[{"name":"A"}],"content":{"size":0}}"#),
            "log.entries[0].response.headers[0]: expected an object with string 'name' and 'value'"
        ),
        (
            har(request: request, response: response(#"{"size":1073741824,"mimeType":"text/plain","text":"x"}"#)),
            "log.entries[0].response.content.size: claims 1024 MiB, larger than the 1 MiB body cap"
        ),
        (
            har(
                request: request,
                response: response(#"{"size":3,"mimeType":"text/plain","encoding":"base64","text":"@@@@"}"#)),
            "log.entries[0].response.content.text: invalid base64"
        ),
        (
            har(request: request, response: response(#"{"size":3,"mimeType":"text/plain","text":7}"#)),
            "log.entries[0].response.content.text: expected a string"
        ),
        ("{\"log\":{\"version\":\"1.2\",\"entries\":[7]}}", "log.entries[0]: expected an object"),
    ])
    func entryErrorsNameTheEntry(text: String, reason: String) {
        let error = Self.failure(text)
        #expect(error?.kind == .shape)
        #expect(error?.description.hasPrefix("capture.har: error: " + reason) == true, "\(String(describing: error))")
    }

    @Test func badBodiesAreErrorsEvenInEntriesThatWouldBeLeftOut() {
        let options = HARImportOptions(hosts: ["api.weather.gov"], maxBodyBytes: 1 << 20)
        for content in [
            #"{"size":1073741824,"mimeType":"text/plain","text":"x"}"#,
            #"{"size":3,"mimeType":"image/png","encoding":"base64","text":"@@@@"}"#,
        ] {
            let text = Self.har(request: Self.request, response: Self.response(content))
            #expect(throws: CassetteError.self) {
                try HARReader.read(utf8: Array(text.utf8), path: "capture.har", options: options)
            }
        }
    }

    @Test func aBodyLargerThanTheCapIsRefusedWhateverSizeSays() {
        let big = String(repeating: "a", count: (1 << 20) + 1)
        let error = Self.failure(
            Self.har(
                request: Self.request, response: Self.response(#"{"size":1,"mimeType":"text/plain","text":"\#(big)"}"#))
        )
        #expect(
            error?.description.contains("log.entries[0].response.content.text: 1 MiB is larger than the 1 MiB body cap")
                == true)
    }

    @Test(arguments: [
        ("0", HARSkippedEntry.Reason.status(0)), ("99", .status(99)), ("600", .status(600)), ("-1", .status(-1)),
    ])
    func aStatusOutside100To599IsLeftOutWithTheReason(status: String, reason: HARSkippedEntry.Reason) throws {
        let imported = try Self.read(
            Self.har(request: Self.request, response: Self.response(#"{"size":0,"mimeType":""}"#, status: status)))
        #expect(imported.cassette.interactions.isEmpty)
        #expect(imported.skipped.map(\.reason) == [reason])
    }

    @Test func anUnknownMethodIsImportedAsIsAndOneThatIsNoTokenIsLeftOut() throws {
        let purge = try Self.read(
            Self.har(
                request: #"{"method":"PROPFIND","url":"https://a.example/x","headers":[]}"#, response: Self.okResponse))
        #expect(purge.cassette.interactions.map(\.request.method) == ["PROPFIND"])
        let spaced = try Self.read(
            Self.har(
                request: #"{"method":"GET /x","url":"https://a.example/x","headers":[]}"#, response: Self.okResponse))
        #expect(spaced.skipped.map(\.reason) == [.method("GET /x")])
    }

    @Test func anUnknownContentEncodingAndOtherSchemesAreLeftOut() throws {
        let encoded = try Self.read(
            Self.har(
                request: Self.request,
                response: Self.response(#"{"size":2,"mimeType":"","encoding":"zstd","text":"xx"}"#)))
        #expect(encoded.skipped.map(\.reason) == [.encoding("zstd")])
        let data = try Self.read(
            Self.har(request: #"{"method":"GET","url":"data:text/plain,hi","headers":[]}"#, response: Self.okResponse))
        #expect(data.skipped.map(\.reason) == [.scheme("data")])
    }

    /// A body's type given only as `content.mimeType` (no `Content-Type` header, as some tools
    /// export it) becomes the header: `serve` answered such bodies without a type (an attack run).
    @Test(arguments: [
        (#"[]"#, "application/json", "application/json"), (#"[]"#, "x-unknown", nil),
        (#"[{"name":"content-type","value":"text/html"}]"#, "application/json", nil),
    ])
    func aMimeTypeWithoutAHeaderBecomesTheContentType(headers: String, mimeType: String, expected: String?) throws {
        let response =
            #"{"status":200,"headers":\#(headers),"content":{"size":2,"mimeType":"\#(mimeType)","text":"{}"}}"#
        let imported = try Self.read(Self.har(request: Self.request, response: response))
        let stored = try #require(imported.cassette.interactions.first).response.headers
        #expect(stored["Content-Type"] == expected, "\(stored)")
        if headers != "[]" { #expect(stored["content-type"] == "text/html") }
    }
}
