import LocSimHTTPRecording
import Testing

/// Requests that carry a position are answered by the recording at the nearest position.
@Suite struct PositionMatchingTests {
    static func interaction(_ url: String) -> HTTPInteraction {
        HTTPInteraction(
            request: HTTPRequest(url: url), response: HTTPResponse(status: 200, body: Array(url.utf8)), recordedAt: "")
    }

    static func log(
        _ urls: [String], matching: MatchingRules? = nil, session: MatchingRules? = nil, repeats: Bool = true
    ) -> InteractionLog {
        var log = InteractionLog(sessionRules: session)
        log.repeatsLastAnswer = repeats
        log.append(Cassette(interactions: urls.map(interaction), matching: matching), source: "c.json")
        return log
    }

    static func answer(_ log: inout InteractionLog, _ url: String) -> String? {
        log.take(HTTPRequest(url: url)).map { String(decoding: $0.response.body, as: UTF8.self) }
    }

    static let nws = "https://api.weather.gov/alerts/active?point="
    static let weatherKit = "https://weatherkit.apple.com/api/v1/weather/"
    static let declared = MatchingRules(positions: [
        PositionRule(host: "api.weather.gov", field: .path("/points/{lat},{lon}")),
        PositionRule(
            host: "weatherkit.apple.com", field: .path("/weather/*/{lat}/{lon}"), basePath: "/api/v1"),
        PositionRule(host: "data.api.xweather.com", field: .query("p")),
    ])

    /// 0.001° of latitude is 111 m.
    @Test func theNearestRecordedPositionAnswersNotTheFirst() {
        var log = Self.log([
            Self.nws + "29.6020,-90.7195", Self.nws + "29.5970,-90.7195", Self.nws + "29.5900,-90.7195",
        ])
        #expect(Self.answer(&log, Self.nws + "29.5958,-90.7195") == Self.nws + "29.5970,-90.7195")
        // Asked again: the same recording again (pure replay repeats), not a farther one.
        #expect(Self.answer(&log, Self.nws + "29.5958,-90.7195") == Self.nws + "29.5970,-90.7195")
        #expect(Self.answer(&log, Self.nws + "29.5905,-90.7195") == Self.nws + "29.5900,-90.7195")
    }

    @Test func anExactMatchComesFirstEvenWhenUsed() {
        var log = Self.log([Self.nws + "29.5958,-90.7195", Self.nws + "29.5960,-90.7195"])
        #expect(Self.answer(&log, Self.nws + "29.5958,-90.7195") == Self.nws + "29.5958,-90.7195")
        #expect(Self.answer(&log, Self.nws + "29.5958,-90.7195") == Self.nws + "29.5958,-90.7195")
    }

    @Test func theDefaultToleranceIsTwoKilometresAndACassetteChangesIt() {
        let recorded = [Self.nws + "29.5900,-90.7195"]
        let near = Self.nws + "29.6079,-90.7195"  // 1,990 m
        let far = Self.nws + "29.6081,-90.7195"  // 2,013 m
        var plain = Self.log(recorded)
        #expect(Self.answer(&plain, near) != nil)
        #expect(Self.answer(&plain, far) == nil)
        var wide = Self.log(recorded, matching: MatchingRules(coordinates: .init(metres: 3000)))
        #expect(Self.answer(&wide, far) != nil)
        var off = Self.log(recorded, matching: MatchingRules(coordinates: .exactly))
        #expect(Self.answer(&off, near) == nil)
        #expect(Self.answer(&off, recorded[0]) != nil)
        // A session's `coordinates` wins over the cassette's.
        var sessionOff = Self.log(recorded, session: MatchingRules(coordinates: .exactly))
        #expect(Self.answer(&sessionOff, near) == nil)
    }

    @Test func declaredPathAndQueryPositionsMatchOnTheirHostOnly() {
        let urls = [
            "https://api.weather.gov/points/29.59,-90.72",
            "https://weatherkit.apple.com/api/v1/weather/en/29.7863/-95.8288?dataSets=weatherAlerts&country=US",
            "https://data.api.xweather.com/alerts/closest?p=29.38,-94.9&client_id=<XWEATHER_CLIENT_ID>",
            "https://other.test/points/29.59,-90.72",
        ]
        var log = Self.log(urls, session: Self.declared)
        #expect(Self.answer(&log, "https://api.weather.gov/points/29.5958,-90.7195") == urls[0])
        #expect(
            Self.answer(
                &log, Self.weatherKit + "en/29.7866/-95.8291?dataSets=weatherAlerts&country=US")
                == urls[1])
        #expect(
            Self.answer(&log, "https://data.api.xweather.com/alerts/closest?p=29.381,-94.9&client_id=abc") == urls[2])
        // Not declared for this host, and the language or another parameter still has to agree.
        #expect(Self.answer(&log, "https://other.test/points/29.5958,-90.7195") == nil)
        #expect(
            Self.answer(
                &log, Self.weatherKit + "fr/29.7866/-95.8291?dataSets=weatherAlerts&country=US")
                == nil)
        var undeclared = Self.log(urls)
        #expect(Self.answer(&undeclared, "https://api.weather.gov/points/29.5958,-90.7195") == nil)
    }

    @Test func badCoordinatesMatchExactlyAsBefore() {
        var log = Self.log(
            [
                Self.nws + "abc", Self.nws + "<POINT>", "https://api.weather.gov/points/29.59",
                Self.nws + "29.59,-90.72,3", Self.nws + "nan,inf",
            ], session: Self.declared)
        #expect(Self.answer(&log, Self.nws + "abc") == Self.nws + "abc")
        #expect(Self.answer(&log, Self.nws + "abd") == Self.nws + "<POINT>")
        #expect(Self.answer(&log, "https://api.weather.gov/points/29.59") == "https://api.weather.gov/points/29.59")
        #expect(Self.answer(&log, "https://api.weather.gov/points/29.591") == nil)
        #expect(Self.answer(&log, "https://api.weather.gov/points/29.591,") == nil)
        var strict = Self.log([Self.nws + "29.59,-90.72,3", Self.nws + "nan,inf", Self.nws + "95,-90.72"])
        #expect(Self.answer(&strict, Self.nws + "29.591,-90.72,3") == nil)
        #expect(Self.answer(&strict, Self.nws + "nan,inf") == Self.nws + "nan,inf")
        #expect(Self.answer(&strict, Self.nws + "94.999,-90.72") == nil)
    }

    @Test func theMissReportRanksByDistanceAndSaysHowFar() {
        let log = Self.log(
            [Self.nws + "29.6500,-90.7195", Self.nws + "29.6200,-90.7195", Self.nws + "29.7000,-90.7195"],
            matching: MatchingRules(coordinates: .init(metres: 1000)))
        let report = UnmatchedRequestReport(
            request: HTTPRequest(url: Self.nws + "29.5980,-90.7195"), log: log, searched: "c.json", recordCommand: "r")
        #expect(report.closest?.index == 1)
        #expect(
            report.differences == [
                "nearest recorded position is 2.4 km away (tolerance 1 km)",
                "query point=29.5980,-90.7195 (recorded point=29.6200,-90.7195)",
            ])
        let exactly = Self.log([Self.nws + "29.6200,-90.7195"], matching: MatchingRules(coordinates: .exactly))
        let strict = UnmatchedRequestReport(
            request: HTTPRequest(url: Self.nws + "29.6210,-90.7195"), log: exactly, searched: "c.json",
            recordCommand: "r")
        #expect(strict.differences.first == "query point=29.6210,-90.7195 (recorded point=29.6200,-90.7195)")
    }

    @Test(arguments: [
        (#"{"metres": 0}"#, "0"), (#"{"metres": -5}"#, "-5"), (#"{"metres": "far"}"#, #""far""#),
        (#"{"metres": 1e999}"#, "1e999"),
    ])
    func aToleranceThatIsNotAPositiveNumberIsAnErrorAtItsPlace(_ value: String, _ shown: String) {
        let text = """
            {
              "interactions" : [ { "request" : { "method" : "GET", "url" : "https://x.test/?matching=1" },
                                   "response" : { "status" : 200, "body" : { "matching" : { "coordinates" : 1 } } } } ],
              "matching" : {
                "coordinates" : \(value)
              },
              "version" : 1
            }
            """
        #expect {
            _ = try Cassette.parse(utf8: Array(text.utf8), path: "Recordings/x/cassette.json")
        } throws: { error in
            "\(error)"
                == "Recordings/x/cassette.json:5:32: error: matching.coordinates.metres: expected a distance in metres "
                + "greater than 0, got \(shown) (write \"coordinates\": false to match coordinates exactly)"
        }
    }

    @Test func coordinatesFalseRoundTrips() throws {
        let cassette = Cassette(interactions: [], matching: MatchingRules(coordinates: .exactly))
        #expect(cassette.text().contains(#""coordinates" : false"#))
        #expect(try Cassette.parse(utf8: Array(cassette.text().utf8), path: "c.json") == cassette)
    }
}
