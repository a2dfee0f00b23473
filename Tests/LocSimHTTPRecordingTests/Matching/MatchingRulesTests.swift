import LocSimCanonicalJSON
import LocSimHTTPRecording
import Testing

@Suite struct MatchingRulesTests {
    static func interaction(_ url: String, body: String = "", headers: [String: String] = [:]) -> HTTPInteraction {
        HTTPInteraction(
            request: HTTPRequest(method: "POST", url: url, headers: headers, body: Array(body.utf8)),
            response: HTTPResponse(status: 200, body: Array(url.utf8)), recordedAt: "")
    }

    static func log(_ interactions: [HTTPInteraction], _ rules: MatchingRules?) -> InteractionLog {
        var log = InteractionLog()
        log.append(Cassette(interactions: interactions, matching: rules), source: "c.json")
        return log
    }

    @Test func coordinatesMatchWithinDecimalsOrMetres() {
        let recorded = Self.interaction("https://api.weather.gov/alerts?point=29.7944,-91.5012")
        var byDecimals = Self.log([recorded], MatchingRules(coordinates: .init(decimals: 2)))
        #expect(
            byDecimals.take(HTTPRequest(method: "POST", url: "https://api.weather.gov/alerts?point=29.7911,-91.4987"))
                != nil)
        #expect(
            byDecimals.take(HTTPRequest(method: "POST", url: "https://api.weather.gov/alerts?point=29.80,-91.50"))
                == nil)
        var byMetres = Self.log([recorded], MatchingRules(coordinates: .init(metres: 500)))
        #expect(
            byMetres.take(HTTPRequest(method: "POST", url: "https://api.weather.gov/alerts?point=29.7980,-91.5012"))
                != nil)
        #expect(
            byMetres.take(HTTPRequest(method: "POST", url: "https://api.weather.gov/alerts?point=29.8044,-91.5012"))
                == nil)
        // Without the key: within the default 1,000 m; with `"coordinates": false`, exactly.
        var plain = Self.log([recorded], nil)
        #expect(
            plain.take(HTTPRequest(method: "POST", url: "https://api.weather.gov/alerts?point=29.7911,-91.4987")) != nil
        )
        var exact = Self.log([recorded], MatchingRules(coordinates: .exactly))
        #expect(
            exact.take(HTTPRequest(method: "POST", url: "https://api.weather.gov/alerts?point=29.7911,-91.4987")) == nil
        )
    }

    @Test func jsonBodiesAndNamedHeadersMatchOnlyWhenAskedTo() {
        let recorded = Self.interaction(
            "https://x.test/p", body: #"{"a":1,"b":{"c":[1,2]}}"#,
            headers: ["Accept": "application/json", "X-Token": "<TOKEN>"])
        var rules = Self.log([recorded], MatchingRules(jsonBody: true, headers: ["accept", "X-Token"]))
        let good = HTTPRequest(
            method: "POST", url: "https://x.test/p", headers: ["Accept": "application/json", "x-token": "t1"],
            body: Array(#"{ "b" : { "c" : [1, 2] }, "a" : 1 }"#.utf8))
        #expect(rules.take(good) != nil)
        var wrongHeader = good
        wrongHeader.headers["Accept"] = "text/html"
        #expect(rules.take(wrongHeader) == nil)
        var wrongBody = good
        wrongBody.body = Array(#"{"a":2,"b":{"c":[1,2]}}"#.utf8)
        #expect(rules.take(wrongBody) == nil)
        var plain = Self.log([recorded], nil)
        #expect(plain.take(wrongBody) != nil)
    }

    @Test func identicalRequestsReplayInOrderThroughTheIndex() {
        var log = Self.log(
            (0..<1000).map { Self.interaction("https://x.test/item/\($0 % 500)?n=\($0 / 500)") } + [
                Self.interaction("https://x.test/item/7?n=<ANY>")
            ], nil)
        #expect(
            log.take(HTTPRequest(method: "POST", url: "https://x.test/item/7?n=1"))?.response.body
                == Array("https://x.test/item/7?n=1".utf8))
        #expect(
            log.take(HTTPRequest(method: "POST", url: "https://x.test/item/7?n=1"))?.response.body
                == Array("https://x.test/item/7?n=<ANY>".utf8))
        #expect(log.take(HTTPRequest(method: "POST", url: "https://x.test/item/7?n=1")) == nil)
        #expect(log.usedCount == 2)
    }

    @Test func theMatchingKeyRoundTripsAndItsAbsenceChangesNothing() throws {
        let plain = Cassette(interactions: [Self.interaction("https://x.test/p")])
        #expect(!plain.text().contains("matching"))
        #expect(try Cassette.parse(utf8: Array(plain.text().utf8), path: "p.json") == plain)
        var tolerant = plain
        tolerant.matching = MatchingRules(
            coordinates: .init(parameters: ["lat", "lon"], decimals: 3), jsonBody: true, headers: ["Accept"])
        let text = tolerant.text()
        #expect(text.contains(#""matching" : {"#))
        #expect(try Cassette.parse(utf8: Array(text.utf8), path: "t.json") == tolerant)
        let bad = #"{"interactions":[],"matching":{"coordinates":{"decimals":2,"metres":5}},"version":1}"#
        #expect {
            _ = try Cassette.parse(utf8: Array(bad.utf8), path: "bad.json")
        } throws: { error in
            "\(error)" == "bad.json:1:46: error: matching.coordinates: expected one of decimals or metres, not both"
        }
    }

    @Test func theClosestRecordedRequestIsChosenByHostThenPathThenQuery() {
        var log = InteractionLog()
        log.append(
            Cassette(interactions: [
                Self.interaction("https://other.test/alerts/la?client_id=1&x=2"),
                Self.interaction("https://api.test/forecast?client_id=1"),
                Self.interaction("https://api.test/alerts/la?b=1"),
                Self.interaction("https://api.test/alerts/tx?client_id=1&x=2"),
            ]), source: "c.json")
        let report = UnmatchedRequestReport(
            request: HTTPRequest(method: "POST", url: "https://api.test/alerts/la?client_id=1&x=3"), log: log,
            searched: "c.json", recordCommand: "record")
        #expect(report.closest?.index == 2)
        #expect(report.differences.first == "query parameters not in the recording: client_id, x")
    }
}
