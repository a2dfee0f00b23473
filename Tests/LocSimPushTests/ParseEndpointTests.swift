import LocSimHTTPRecording
import LocSimSupport
import Testing

@testable import LocSimPush

struct ParseEndpointTests {
    @Test func argumentForms() throws {
        let credentials = Credentials.placeholders
        #expect(
            try ParseEndpoint.parse(argument: "parse", credentials: credentials).baseURL == "https://api.parse.com/1")
        #expect(
            try ParseEndpoint.parse(argument: "parse=http://127.0.0.1:1337/parse/", credentials: credentials).baseURL
                == "http://127.0.0.1:1337/parse")
        var endpoints = Endpoints([ParseEndpoint.endpoint])
        try endpoints.override(["parse": "http://127.0.0.1:9"])
        #expect(
            try ParseEndpoint.parse(argument: "parse", endpoints: endpoints, credentials: credentials).baseURL
                == "http://127.0.0.1:9")
    }

    @Test(arguments: ["apns=http://127.0.0.1", "parse=ftp://x", "pars"])
    func badArguments(argument: String) {
        #expect(throws: PushEndpointError.self) {
            try ParseEndpoint.parse(argument: argument, credentials: .placeholders)
        }
    }

    @Test func requestCarriesKeysAndBody() {
        let credentials = Credentials(
            declarations: ParseEndpoint.secrets,
            environment: [
                "PARSE_APPLICATION_ID": "app1", "PARSE_REST_API_KEY": "rest2",
            ])
        let endpoint = ParseEndpoint(baseURL: "http://127.0.0.1:1337/parse", credentials: credentials)
        let request = endpoint.request(
            for: PushMessage(location: "Franklin, LA", advisoryName: "Coastal Flood Advisory"))
        #expect(request.method == "POST")
        #expect(request.url == "http://127.0.0.1:1337/parse/push")
        #expect(request.headers["X-Parse-Application-Id"] == "app1")
        #expect(request.headers["X-Parse-REST-API-Key"] == "rest2")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(
            String(decoding: request.body, as: UTF8.self)
                == #"{"data":{"alert":"Weather Advisory for Franklin, LA:  Coastal Flood Advisory","sound":"alert.caf"},"where":{"deviceType":"ios"}}"#
        )
    }

    @Test func placeholdersInReplay() {
        let request = ParseEndpoint(credentials: .placeholders).request(for: PushMessage(alert: "x"))
        #expect(request.headers["X-Parse-Application-Id"] == "<PARSE_APPLICATION_ID>")
        #expect(request.headers["X-Parse-REST-API-Key"] == "<PARSE_REST_API_KEY>")
    }
}
