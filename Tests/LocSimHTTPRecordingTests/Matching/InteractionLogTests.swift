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
}
