import LocSimHTTPRecording
import Testing

@Suite struct RequestSignatureTests {
    static func answers(
        _ requested: String, _ recorded: String, method: String = "GET", recordedMethod: String = "GET"
    ) -> Bool {
        RequestSignature(HTTPRequest(method: method, url: requested))
            .isAnswered(by: RequestSignature(HTTPRequest(method: recordedMethod, url: recorded)))
    }

    @Test(arguments: [
        ("https://h/p?a=1&b=2", "https://h/p?b=2&a=1", true),
        ("https://h/p?a=1&a=2", "https://h/p?a=2&a=1", true),
        ("https://h/p?a=1&a=1", "https://h/p?a=1", false),
        ("https://h/p?a=1", "https://h/p?a=1&b=2", false),
        ("https://h/p?a=1&b=2", "https://h/p?a=1", false),
        ("https://h/p?a=1", "https://h/p?a=2", false),
        ("https://H/p?a=1", "http://h:8080/p?a=1", true),
        ("https://h/p", "https://h/P", false),
        ("https://h/p%2Cq", "https://h/p,q", true),
        ("https://h/p?a=x%20y", "https://h/p?a=x+y", true),
        ("https://h/p", "https://other/p", false),
    ])
    func queryIsAnOrderInsensitiveMultiset(requested: String, recorded: String, matches: Bool) {
        #expect(RequestSignatureTests.answers(requested, recorded) == matches)
    }

    @Test func placeholdersMatchAnyValueOfTheirParameterOnly() {
        let recorded =
            "https://api.aerisapi.com/advisories/x?client_id=<AERIS_CLIENT_ID>&client_secret=%3CAERIS_CLIENT_SECRET%3E&limit=1"
        #expect(
            RequestSignatureTests.answers(
                "https://api.aerisapi.com/advisories/x?limit=1&client_secret=s3cr3t&client_id=abcd", recorded))
        #expect(
            !RequestSignatureTests.answers(
                "https://api.aerisapi.com/advisories/x?limit=2&client_secret=s3cr3t&client_id=abcd", recorded))
        #expect(
            !RequestSignatureTests.answers(
                "https://api.aerisapi.com/advisories/x?limit=1&client_secret=s3cr3t&appid=abcd", recorded))
        #expect(
            !RequestSignatureTests.answers("https://h/p?a=<X>", "https://h/p?a=1"), "only recorded values are wildcards"
        )
    }

    @Test func exactValuesPairBeforePlaceholders() {
        #expect(RequestSignatureTests.answers("https://h/p?a=1&a=2", "https://h/p?a=<ANY>&a=1"))
    }

    @Test func methodMattersButNotItsCase() {
        #expect(RequestSignatureTests.answers("https://h/p", "https://h/p", method: "get", recordedMethod: "GET"))
        #expect(!RequestSignatureTests.answers("https://h/p", "https://h/p", method: "POST", recordedMethod: "GET"))
    }

    @Test func headersAndBodiesDoNotTakePart() {
        let requested = RequestSignature(
            HTTPRequest(method: "POST", url: "https://h/p", headers: ["A": "1"], body: [1, 2]))
        #expect(
            requested.isAnswered(
                by: RequestSignature(HTTPRequest(method: "POST", url: "https://h/p", headers: ["B": "2"], body: [3]))))
    }

    @Test(arguments: [
        ("<AERIS_CLIENT_ID>", true), ("<REDACTED_KEY_2>", true), ("<lower>", false), ("<>", false), ("AERIS", false),
    ])
    func placeholderSpelling(value: String, isPlaceholder: Bool) {
        #expect(RequestSignature.isPlaceholder(value) == isPlaceholder)
    }
}
