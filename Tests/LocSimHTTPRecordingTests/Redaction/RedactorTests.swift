import LocSimHTTPRecording
import Testing

@Suite struct RedactorTests {
    static let environment = [
        "AERIS_CLIENT_ID": "aerisId123", "AERIS_CLIENT_SECRET": "s3cr3t/with+odd chars", "OWM_APPID": "0123abcd",
        "NWS_USER_AGENT": "(locsim-test, someone@example.org)", "PARSE_APPLICATION_ID": "parseApp99",
        "PARSE_REST_API_KEY": "restKey77", "NOMINATIM_USER_AGENT": "abc", "PATH": "/usr/bin",
    ]
    let redactor = Redactor(declarations: DeclaredSecrets.all, environment: RedactorTests.environment)

    @Test func onlyKnownVariablesOfFourOrMoreCharactersAreSecrets() {
        #expect(
            redactor.secrets.map(\.variable).sorted() == [
                "AERIS_CLIENT_ID", "AERIS_CLIENT_SECRET", "NWS_USER_AGENT", "OWM_APPID", "PARSE_APPLICATION_ID",
                "PARSE_REST_API_KEY",
            ])
    }

    @Test(arguments: [
        (
            "https://api.aerisapi.com/advisories/x?client_id=aerisId123&client_secret=s3cr3t%2Fwith%2Bodd+chars&limit=1",
            "https://api.aerisapi.com/advisories/x?client_id=<AERIS_CLIENT_ID>&client_secret=<AERIS_CLIENT_SECRET>&limit=1"
        ),
        (
            "https://api.aerisapi.com/advisories/x?client_id=unknownid&client_secret=other",
            "https://api.aerisapi.com/advisories/x?client_id=<AERIS_CLIENT_ID>&client_secret=<AERIS_CLIENT_SECRET>"
        ),
        (
            "http://127.0.0.1:9/advisories/x?client_id=unknownid&client_secret=aerisId123",
            "http://127.0.0.1:9/advisories/x?client_id=<REDACTED_CLIENT_ID>&client_secret=<AERIS_CLIENT_ID>"
        ),
        (
            "https://api.openweathermap.org/data/2.5/forecast?lat=1&APPID=zzzz9999&cnt=6",
            "https://api.openweathermap.org/data/2.5/forecast?lat=1&APPID=<OWM_APPID>&cnt=6"
        ),
        (
            "https://h/p?key=k1&api_key=k2&apikey=k3&token=t&access_token=a&keep=me#frag",
            "https://h/p?key=<REDACTED_KEY>&api_key=<REDACTED_API_KEY>&apikey=<REDACTED_APIKEY>&token=<REDACTED_TOKEN>&access_token=<REDACTED_ACCESS_TOKEN>&keep=me#frag"
        ),
        ("https://h/search/0123abcd?q=x", "https://h/search/<OWM_APPID>?q=x"),
        ("https://h/p?note=s3cr3t%2fwith%2bodd%20chars", "https://h/p?note=<AERIS_CLIENT_SECRET>"),
    ])
    func querySecretsBecomePlaceholders(url: String, redacted: String) {
        #expect(redactor.redact(url: url) == redacted)
    }

    @Test func headerSecretsAndContactStringsBecomePlaceholders() {
        let request = redactor.redact(
            HTTPRequest(
                url: "https://api.parse.com/1/push",
                headers: [
                    "X-Parse-Application-Id": "parseApp99", "X-Parse-REST-API-Key": "somethingElse",
                    "X-Parse-Master-Key": "m",
                    "Authorization": "Bearer restKey77", "Cookie": "session=1", "x-api-key": "k",
                    "User-Agent": "locsim/1.0 (locsim-test, someone@example.org)", "Accept": "application/json",
                ]))
        #expect(
            request.headers == [
                "X-Parse-Application-Id": "<PARSE_APPLICATION_ID>", "X-Parse-REST-API-Key": "<PARSE_REST_API_KEY>",
                "X-Parse-Master-Key": "<REDACTED_X_PARSE_MASTER_KEY>", "Authorization": "<REDACTED_AUTHORIZATION>",
                "Cookie": "<REDACTED_COOKIE>", "x-api-key": "<REDACTED_X_API_KEY>",
                "User-Agent": "locsim/1.0 <NWS_USER_AGENT>", "Accept": "application/json",
            ])
    }

    @Test func emailAddressesInUserAgentsAreRedactedEvenWithoutTheVariable() {
        let request = Redactor(declarations: DeclaredSecrets.all, environment: [:]).redact(
            HTTPRequest(
                url: "https://nominatim.openstreetmap.org/reverse",
                headers: [
                    "User-Agent": "locsim (+https://example.com; ops.team@example.co.uk)", "From": "me@example.com",
                ]))
        #expect(request.header("User-Agent") == "locsim (+https://example.com; <REDACTED_EMAIL>)")
        #expect(request.header("From") == "<REDACTED_EMAIL>")
    }

    @Test func secretsInAURLEncodedFormBodyAreRedacted() {
        let request = redactor.redact(
            HTTPRequest(
                method: "POST", url: "https://h/token",
                headers: ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"],
                body: Array("grant_type=client&client_secret=s3cr3t%2Fwith%2Bodd+chars&token=abc&note=hello".utf8)))
        #expect(
            String(decoding: request.body, as: UTF8.self)
                == "grant_type=client&client_secret=<AERIS_CLIENT_SECRET>&token=<REDACTED_TOKEN>&note=hello")
    }

    @Test func secretValuesAreScrubbedFromJSONBodiesAndResponses() {
        let request = redactor.redact(
            HTTPRequest(
                method: "POST", url: "https://h/p", headers: ["Content-Type": "application/json"],
                body: Array(#"{"k":"restKey77"}"#.utf8)))
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"k":"<PARSE_REST_API_KEY>"}"#)
        let response = redactor.redact(
            HTTPResponse(status: 401, headers: ["Set-Cookie": "sid=1"], body: Array("bad key 0123abcd".utf8)))
        #expect(response.headers == ["Set-Cookie": "<REDACTED_SET_COOKIE>"])
        #expect(response.body == Array("bad key <OWM_APPID>".utf8))
    }

    @Test func placeholdersAndEmptyValuesAreLeftAlone() {
        #expect(
            redactor.redact(url: "https://h/p?client_id=<AERIS_CLIENT_ID>&key=")
                == "https://h/p?client_id=<AERIS_CLIENT_ID>&key=")
    }
}
