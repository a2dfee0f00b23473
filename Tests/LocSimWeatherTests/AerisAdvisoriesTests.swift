import LocSimAppServices
import LocSimHTTPRecording
import LocSimTesting
import Testing

@testable import LocSimWeather

struct AerisAdvisoriesTests {
    static let franklin = WeatherPlace(
        city: "Franklin", state: "LA", country: "United States", isoCountryCode: "US", latitude: 29.7966,
        longitude: -91.5016)
    static let franklinURL =
        "https://api.aerisapi.com/advisories/franklin,la,us?client_id=%3CAERIS_CLIENT_ID%3E&client_secret=%3CAERIS_CLIENT_SECRET%3E"

    @Test func requestUsesLowercasedPlaceAndCredentials() {
        let adapter = AerisAdvisories(client: ScriptedHTTPClient(), credentials: .placeholders)
        #expect(adapter.request(for: Self.franklin)?.url == Self.franklinURL)
        #expect(adapter.request(for: Self.franklin)?.method == "GET")
    }

    @Test(arguments: [
        (
            WeatherPlace(city: "New Orleans", state: "LA", country: "United States", isoCountryCode: "US"),
            "new%20orleans,la,us"
        ),
        (WeatherPlace(city: "Osaka", state: "Osaka", country: "Japan", isoCountryCode: "JP"), "osaka,jp"),
        (WeatherPlace(city: "Toronto", state: "ON", country: "Canada", isoCountryCode: "CA"), "toronto,on,ca"),
        (WeatherPlace(city: "Paris", state: "", country: "France"), "paris,france"),
    ])
    func placePaths(place: WeatherPlace, path: String) {
        #expect(AerisAdvisories.placePath(for: place) == path)
    }

    @Test func baseURLOverrideAndLimit() {
        let adapter = AerisAdvisories(
            client: ScriptedHTTPClient(), baseURL: "http://127.0.0.1:8080/",
            credentials: Credentials.builtIn(environment: ["AERIS_CLIENT_ID": "id1", "AERIS_CLIENT_SECRET": "sec2"]),
            limit: 10)
        #expect(
            adapter.request(for: Self.franklin)?.url
                == "http://127.0.0.1:8080/advisories/franklin,la,us?client_id=id1&client_secret=sec2&limit=10")
    }

    @Test func franklinCoastalFloodAdvisory() throws {
        let client = ScriptedHTTPClient([Self.franklinURL: .json(AerisBodies.franklinCoastalFlood)])
        let adapter = AerisAdvisories(client: client, credentials: .placeholders)
        let advisories = try adapter.advisories(for: Self.franklin)
        #expect(advisories.count == 1)
        let advisory = try #require(advisories.first)
        #expect(advisory.name == "COASTAL FLOOD ADVISORY")
        #expect(advisory.type == "CF.Y")
        #expect(advisory.expires == "2024-09-11T19:00:00-05:00")
        #expect(advisory.zone == "LAZ052")
        #expect(advisory.id == "5f0c1a8e2b7d4c91a3e6f0d2b8c4e7a1")
        #expect(advisory.emergency == false)
        #expect(advisory.body.hasPrefix("...COASTAL FLOOD ADVISORY IN EFFECT UNTIL 7 PM CDT THIS EVENING...\n\n* WHAT"))
        #expect(client.requests.map(\.url) == [Self.franklinURL])
    }

    @Test func keepsProviderOrderForSeveralAdvisories() throws {
        let names = try AerisAdvisories.parse(jsonResponse(AerisBodies.buffaloThree)).map(\.name)
        #expect(names == ["LAKE EFFECT SNOW WARNING", "WIND ADVISORY", "SPECIAL WEATHER STATEMENT"])
    }

    @Test func singleObjectResponse() throws {
        let advisories = try AerisAdvisories.parse(jsonResponse(AerisBodies.singleObject))
        #expect(advisories.map(\.name) == ["FLASH FLOOD WARNING"])
    }

    @Test(arguments: [
        AerisBodies.warnNoData, #"{"success":true,"error":null,"response":[]}"#, #"{"success":true,"error":null}"#,
    ])
    func noAdvisories(body: String) throws {
        #expect(try AerisAdvisories.parse(jsonResponse(body)).isEmpty)
    }

    @Test(arguments: [
        (AerisBodies.invalidLocation, 200, "invalid_location", "The requested location was not found."),
        (AerisBodies.invalidClient, 401, "invalid_client", "The client provided is invalid."),
        (AerisBodies.maxHitsMinute, 429, "maxhits_min", "Maximum number of queries per minute exceeded."),
        (AerisBodies.maxHitsMinute, 200, "maxhits_min", "Maximum number of queries per minute exceeded."),
        (#"{"success":false,"error":null,"response":[]}"#, 500, "http_500", "Aeris answered success: false (HTTP 500)"),
    ])
    func errorEnvelopesDecideNotTheStatus(body: String, status: Int, code: String, message: String) {
        #expect {
            try AerisAdvisories.parse(jsonResponse(body, status: status))
        } throws: { error in
            error as? ProviderFailure == ProviderFailure(provider: "aeris", code: code, message: message)
        }
    }

    @Test(arguments: [
        (htmlErrorPage, 500, "http_500"), (htmlErrorPage, 200, "bad_json"),
        (#"{"success":true,"resp"#, 200, "bad_json"),
        ("", 200, "bad_json"), ("", 503, "http_503"), (#"{"status":"ok"}"#, 200, "bad_shape"),
        (#"{"message":"Bad gateway"}"#, 502, "http_502"), (#"{"success":true,"response":"none"}"#, 200, "bad_shape"),
        (#"{"success":true,"response":[{"id":"x"}]}"#, 200, "bad_shape"), ("[1,2]", 200, "bad_shape"),
    ])
    func malformedAnswersAreFailures(body: String, status: Int, code: String) {
        let contentType = body.hasPrefix("<") ? "text/html" : "application/json"
        #expect {
            try AerisAdvisories.parse(jsonResponse(body, status: status, contentType: contentType))
        } throws: { error in
            (error as? ProviderFailure)?.code == code && (error as? ProviderFailure)?.provider == "aeris"
        }
    }

    @Test func itemsWithoutNameAreSkippedWhenOthersAreFine() throws {
        let body = #"{"success":true,"response":[{"id":"x"},{"details":{"name":"HEAT ADVISORY","emergency":"true"}}]}"#
        let advisories = try AerisAdvisories.parse(jsonResponse(body))
        #expect(advisories.map(\.name) == ["HEAT ADVISORY"])
        #expect(advisories.first?.emergency == true)
        #expect(advisories.first?.body == "")
    }

    @Test(arguments: [
        (HTTPClientError.unreachable("api.aerisapi.com: connection refused"), "unreachable"),
        (.timedOut("after 30 s"), "timed_out"), (.notRecorded("GET /advisories/x"), "not_recorded"),
    ])
    func transportFailures(error: HTTPClientError, code: String) {
        let adapter = AerisAdvisories(
            client: ScriptedHTTPClient([Self.franklinURL: .failure(error)]), credentials: .placeholders)
        #expect {
            try adapter.advisories(for: Self.franklin)
        } throws: { thrown in
            (thrown as? ProviderFailure)?.code == code
        }
    }

    @Test func messagesNeverCarryTheSecret() {
        let credentials = Credentials.builtIn(environment: [
            "AERIS_CLIENT_ID": "realid77", "AERIS_CLIENT_SECRET": "topsecret99",
        ])
        let url = "https://api.aerisapi.com/advisories/franklin,la,us?client_id=realid77&client_secret=topsecret99"
        let echo = #"{"success":false,"error":{"code":"invalid_client","description":"client topsecret99 is invalid"}}"#
        for answer: ScriptedHTTPClient.Answer in [.json(echo, status: 401), .failure(.unreachable("GET \(url)"))] {
            let adapter = AerisAdvisories(client: ScriptedHTTPClient([url: answer]), credentials: credentials)
            #expect {
                try adapter.advisories(for: Self.franklin)
            } throws: { error in
                guard let failure = error as? ProviderFailure else { return false }
                return !failure.message.contains("topsecret99") && !failure.message.contains("realid77")
                    && failure.message.contains("<AERIS_CLIENT_SECRET>")
            }
        }
    }

    @Test func noCityIsAFailure() {
        let adapter = AerisAdvisories(client: ScriptedHTTPClient(), credentials: .placeholders)
        #expect(
            throws: ProviderFailure(provider: "aeris", code: "missing_location", message: "no city to ask Aeris about")
        ) {
            try adapter.advisories(for: WeatherPlace(city: "", state: "LA", country: "United States"))
        }
    }
}
