import Testing

@testable import LocSimHTTPRecording

/// `locsim cassettes status` flags secret-looking values wherever a cassette holds them (issue
/// 34, item 6), and never a placeholder.
@Suite struct CassetteHygieneSecretsTests {
    static func places(_ request: HTTPRequest, _ response: HTTPResponse = HTTPResponse(status: 200)) -> [String] {
        let cassette = Cassette(interactions: [HTTPInteraction(request: request, response: response, recordedAt: "")])
        return CassetteHygiene(cassette, redactor: Redactor(declarations: DeclaredSecrets.all, environment: [:]))
            .secretLooking
    }

    @Test(arguments: [
        (
            HTTPRequest(url: "https://h.test/p", headers: ["Authorization": "Bearer abc123, Bearer <TOKEN>"]),
            "interactions[0].request.headers.Authorization"
        ),
        (
            HTTPRequest(url: "https://h.test/p", headers: ["X-Auth-Token": "abc123 <TOKEN>"]),
            "interactions[0].request.headers.X-Auth-Token"
        ),
        (HTTPRequest(url: "https://u:pw1@h.test/p"), "interactions[0].request.url (user info)"),
        (HTTPRequest(url: "https://h.test/cb#access_token=at1&state=s"), "interactions[0].request.url#access_token"),
        (HTTPRequest(url: "https://h.test/p?password=pw1"), "interactions[0].request.query.password"),
        (
            HTTPRequest(
                method: "POST", url: "https://h.test/token", body: Array("grant_type=password&password=pw1".utf8)),
            "interactions[0].request.body (a secret field)"
        ),
        (
            HTTPRequest(
                method: "POST", url: "https://h.test/token", headers: ["Content-Type": "application/json"],
                body: Array(#"{"a":{"client_secret":"cs1"}}"#.utf8)),
            "interactions[0].request.body (a secret field)"
        ),
        (
            HTTPRequest(
                method: "POST", url: "https://h.test/up", headers: ["Content-Type": "multipart/form-data; boundary=B"],
                body: Array("--B\r\nContent-Disposition: form-data; name=\"token\"\r\n\r\nt1\r\n--B--\r\n".utf8)),
            "interactions[0].request.body (a secret field)"
        ),
        (
            HTTPRequest(url: "https://h.test/p", headers: ["X-Note": "sk_live_51HabcdefXyZ0pQrs"]),
            "interactions[0].request.headers.X-Note (looks like a Stripe secret key)"
        ),
    ])
    func secretLookingValuesAreFlagged(request: HTTPRequest, place: String) {
        #expect(Self.places(request).contains(place), "\(Self.places(request))")
    }

    @Test func aTokenResponseBodyIsFlagged() {
        let response = HTTPResponse(
            status: 200, headers: ["Content-Type": "application/json"],
            body: Array(#"{"access_token":"at1","refresh_token":"rt1","token_type":"bearer"}"#.utf8))
        #expect(
            Self.places(HTTPRequest(url: "https://h.test/token"), response) == [
                "interactions[0].response.body (a secret field)"
            ])
    }

    @Test func placeholdersAreNotFlagged() {
        let request = HTTPRequest(
            method: "POST", url: "https://u:<PW>@h.test/cb?password=<PW>#access_token=<AT>",
            headers: [
                "Authorization": "Bearer <TOKEN>", "Cookie": "sid=<SID>; <OTHER>", "Content-Type": "application/json",
            ],
            body: Array(#"{"client_secret":"<CS>","n":1}"#.utf8))
        #expect(Self.places(request).isEmpty, "\(Self.places(request))")
    }
}
