import LocSimHTTPRecording
import Testing

@Suite struct InteractionLogTests {
    static func interaction(_ url: String, _ body: String) -> HTTPInteraction {
        HTTPInteraction(
            request: HTTPRequest(url: url), response: HTTPResponse(status: 200, body: Array(body.utf8)), recordedAt: "")
    }

    @Test func identicalRequestsReplayInRecordedOrderThenRunOut() {
        var log = InteractionLog()
        log.append(
            Cassette(interactions: [
                InteractionLogTests.interaction("https://h/a", "first"),
                InteractionLogTests.interaction("https://h/b", "other"),
                InteractionLogTests.interaction("https://h/a", "second"),
            ]), source: "c.json")
        let request = HTTPRequest(url: "https://h/a")
        #expect(log.take(request).map { String(decoding: $0.response.body, as: UTF8.self) } == "first")
        #expect(log.take(request).map { String(decoding: $0.response.body, as: UTF8.self) } == "second")
        #expect(log.take(request) == nil)
        #expect(log.usedCount == 2)
        #expect(log.take(HTTPRequest(url: "https://h/b")) != nil)
    }

    @Test func pureReplayRepeatsTheLastAnswerOnceUsedUp() {
        var log = InteractionLog()
        log.repeatsLastAnswer = true
        log.append(
            Cassette(interactions: [
                InteractionLogTests.interaction("https://h/a", "first"),
                InteractionLogTests.interaction("https://h/a", "second"),
            ]), source: "c.json")
        let request = HTTPRequest(url: "https://h/a")
        let bodies = (0..<4).map { _ in log.take(request).map { String(decoding: $0.response.body, as: UTF8.self) } }
        #expect(bodies == ["first", "second", "second", "second"])
        #expect(log.take(HTTPRequest(url: "https://h/b")) == nil)
    }

    @Test func laterCassettesAnswerAfterEarlierOnes() {
        var log = InteractionLog()
        log.append(Cassette(interactions: [InteractionLogTests.interaction("https://h/a", "one")]), source: "a.json")
        log.append(Cassette(interactions: [InteractionLogTests.interaction("https://h/a", "two")]), source: "b.json")
        #expect(log.take(HTTPRequest(url: "https://h/a"))?.response.body == Array("one".utf8))
        #expect(log.take(HTTPRequest(url: "https://h/a"))?.response.body == Array("two".utf8))
        #expect(log.entries.map(\.source) == ["a.json", "b.json"])
    }

    /// A learned secret the recording replaced inside a path (a cookie value that is also a path
    /// segment) left a recording no request could match (found by an attack run on `serve`): a
    /// placeholder segment answers any one segment, in load order with the other entries.
    @Test func aPlaceholderPathSegmentAnswersAnyOneSegment() {
        var log = InteractionLog()
        log.append(
            Cassette(interactions: [
                Self.interaction("https://api.weather.gov/zones/<REDACTED_SET_COOKIE>/forecast", "recorded"),
                Self.interaction("https://api.weather.gov/zones/LAZ052/forecast", "exact"),
            ]), source: "c.json")
        let body = { (url: String) in
            log.take(HTTPRequest(url: url)).map { String(decoding: $0.response.body, as: UTF8.self) }
        }
        #expect(body("https://api.weather.gov/zones/us-east-1a/forecast/extra") == nil)
        #expect(body("https://api.weather.gov/zones/forecast") == nil)
        #expect(body("https://other.example/zones/us-east-1a/forecast") == nil)
        #expect(body("https://api.weather.gov/zones/LAZ052/forecast") == "recorded")  // the first in load order
        #expect(body("https://api.weather.gov/zones/LAZ052/forecast") == "exact")
        #expect(body("https://api.weather.gov/zones/us-east-1a/forecast") == nil)  // both used
        #expect(
            RequestSignature(HTTPRequest(url: "https://h/a/x/c")).isAnswered(
                by: RequestSignature(HTTPRequest(url: "https://h/a/<TOKEN>/c"))))
        #expect(
            !RequestSignature(HTTPRequest(url: "https://h/a//c")).isAnswered(
                by: RequestSignature(HTTPRequest(url: "https://h/a/<TOKEN>/c"))))
    }
}
