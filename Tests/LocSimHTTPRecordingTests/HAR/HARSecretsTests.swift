import Foundation
import Testing

@testable import LocSimHTTPRecording

/// Credentials a capture holds when the environment has no value (the normal case for a HAR):
/// none reaches the cassette (issue 34, item 6).
@Suite struct HARSecretsTests {
    static func har(request: String, response: String = okResponse) -> String {
        """
        {"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":[
          {"startedDateTime":"2024-05-01T17:03:11Z","request":\(request),"response":\(response)}]}}
        """
    }

    static let okResponse = #"{"status":200,"headers":[],"content":{"size":2,"mimeType":"text/plain","text":"ok"}}"#

    static func request(
        url: String = "https://api.example.com/v1/x", method: String = "GET", headers: String = "",
        postData: String? = nil
    ) -> String {
        #"{"method":"\#(method)","url":"\#(url)","headers":[\#(headers)]"#
            + (postData.map { #","postData":\#($0)"# } ?? "") + "}"
    }

    static func imported(_ text: String) throws -> HARImport {
        try HARReader.read(
            utf8: Array(text.utf8), path: "capture.har",
            options: HARImportOptions(redactor: Redactor(declarations: DeclaredSecrets.all, environment: [:])))
    }

    static func cassetteText(_ text: String) throws -> String {
        try imported(text).cassette.text()
    }

    static let live = "sk_live_51Habc9XyZ0pQ"

    @Test(arguments: [
        #"{"name":"Authorization","value":"Bearer sk_live_51Habc9XyZ0pQ"},{"name":"authorization","value":"Bearer <TOKEN>"}"#,
        #"{"name":"Authorization","value":"sk_live_51Habc9XyZ0pQ <TOKEN>"}"#,
        #"{"name":"Cookie","value":"sid=sk_live_51Habc9XyZ0pQ; <SID>"}"#,
        #"{"name":"X-Api-Key","value":"sk_live_51Habc9XyZ0pQ <KEY>"}"#,
        #"{"name":"X-Auth-Token","value":"sk_live_51Habc9XyZ0pQ"}"#,
        #"{"name":"x-access-token","value":"sk_live_51Habc9XyZ0pQ"}"#,
    ])
    func aHeaderWithAPlaceholderCopyOrPlaceholderLastWordIsRedacted(headers: String) throws {
        let text = try Self.cassetteText(Self.har(request: Self.request(headers: headers)))
        #expect(!text.contains("sk_live"), "\(text)")
    }

    @Test func aPlaceholderOnlyHeaderIsKeptAsItIs() throws {
        let text = try Self.cassetteText(
            Self.har(request: Self.request(headers: #"{"name":"Authorization","value":"Bearer <WEATHERKIT_TOKEN>"}"#)))
        #expect(text.contains(#""Authorization" : "Bearer <WEATHERKIT_TOKEN>""#))
    }

    @Test func aSetCookieWithAPlaceholderLastWordIsRedacted() throws {
        let response =
            #"{"status":200,"headers":[{"name":"Set-Cookie","value":"sid=sk_live_51Habc9XyZ0pQ; <P>"}],"#
            + #""content":{"size":2,"mimeType":"text/plain","text":"ok"}}"#
        let text = try Self.cassetteText(Self.har(request: Self.request(), response: response))
        #expect(!text.contains("sk_live"))
    }

    @Test(arguments: [
        // No Content-Type header, but postData.mimeType says form.
        #"{"mimeType":"application/x-www-form-urlencoded","text":"user=me&password=hunter2&grant_type=password"}"#,
        // The body built from postData.params.
        #"{"mimeType":"","params":[{"name":"user","value":"me"},{"name":"password","value":"hunter2"}]}"#,
        // JSON with OAuth fields at any depth.
        #"{"mimeType":"application/json","text":"{\"auth\":{\"client_secret\":\"hunter2\",\"list\":[{\"refresh_token\":\"hunter2\"}]}}"}"#,
    ])
    func formAndJSONBodySecretsAreRedactedWithoutAContentTypeHeader(postData: String) throws {
        let text = try Self.cassetteText(Self.har(request: Self.request(method: "POST", postData: postData)))
        #expect(!text.contains("hunter2"), "\(text)")
        #expect(text.contains("<REDACTED_"))
    }

    @Test func multipartSecretFieldsAreRedacted() throws {
        let body =
            "--XyZ\\r\\nContent-Disposition: form-data; name=\\\"api_key\\\"\\r\\n\\r\\nhunter2key\\r\\n"
            + "--XyZ\\r\\nContent-Disposition: form-data; name=\\\"city\\\"\\r\\n\\r\\nParis\\r\\n--XyZ--\\r\\n"
        let text = try Self.cassetteText(
            Self.har(
                request: Self.request(
                    method: "POST", headers: #"{"name":"Content-Type","value":"multipart/form-data; boundary=XyZ"}"#,
                    postData: #"{"mimeType":"multipart/form-data; boundary=XyZ","text":"\#(body)"}"#)))
        #expect(!text.contains("hunter2key"), "\(text)")
        #expect(text.contains("Paris"))
    }

    @Test func userInfoAndFragmentTokensAreRedactedInTheCassetteAndTheSkippedList() throws {
        let url = "https://u:PW-s3cr3t-99@api.example.com/cb?x=1#access_token=at-8d7f6e5c4b&state=ok"
        let imported = try Self.imported(
            """
            {"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":[
              {"startedDateTime":"2024-05-01T17:03:11Z","request":\(Self.request(url: url)),"response":\(Self.okResponse)},
              {"startedDateTime":"2024-05-01T17:03:11Z","request":\(Self.request(url: url)),
               "response":{"status":0,"headers":[],"content":{"size":0,"mimeType":""}}}]}}
            """)
        let text = imported.cassette.text() + imported.skipped.map(\.description).joined()
        #expect(!text.contains("PW-s3cr3t-99"))
        #expect(!text.contains("at-8d7f6e5c4b"))
        #expect(
            text.contains(
                "https://u:<REDACTED_PASSWORD>@api.example.com/cb?x=1#access_token=<REDACTED_ACCESS_TOKEN>&state=ok"))
        #expect(imported.skipped.count == 1)
    }

    @Test(arguments: [
        (#"{"name":"X-A\r\nInjected: 1","value":"v"}"#, "log.entries[0].request.headers[0].name"),
        (#"{"name":"X-A","value":"v\nw"}"#, "log.entries[0].request.headers[0].value"),
        (#"{"name":"Accept","value":"x"},{"name":"X-A","value":"v\u0000"}"#, "log.entries[0].request.headers[1].value"),
    ])
    func lineBreaksAndNULInHeadersAreRefusedWithThePlace(headers: String, place: String) {
        #expect {
            _ = try Self.imported(Self.har(request: Self.request(headers: headers)))
        } throws: { error in
            let text = "\(error)"
            return text.contains(place) && text.contains("CR, LF or NUL")
        }
    }

    @Test func responseHeadersWithALineBreakAreRefusedToo() {
        let response =
            #"{"status":200,"headers":[{"name":"X-B","value":"a\rb"}],"content":{"size":2,"mimeType":"text/plain","text":"ok"}}"#
        #expect {
            _ = try Self.imported(Self.har(request: Self.request(), response: response))
        } throws: { error in
            "\(error)".contains("log.entries[0].response.headers[0].value")
        }
    }
}
