import LocSimHTTPRecording
import LocSimScenarioReplay
import Testing

@Suite struct CassetteChangeTests {
    static func interaction(
        _ url: String, status: Int = 200, body: String = "ok", at: String = "2024-01-01T00:00:00Z"
    )
        -> HTTPInteraction
    {
        HTTPInteraction(
            request: HTTPRequest(url: url), response: HTTPResponse(status: status, body: Array(body.utf8)),
            recordedAt: at)
    }

    @Test func pairsByRequestAndIgnoresTimestamps() {
        let old = Cassette(interactions: [
            Self.interaction("https://h/a"), Self.interaction("https://h/b"),
            Self.interaction("https://h/a", body: "second"),
        ])
        let new = Cassette(
            interactions: [
                Self.interaction("https://h/a", at: "2025-01-01T00:00:00Z"),
                Self.interaction("https://h/a", status: 429),
                Self.interaction("https://h/c"),
            ], comment: "Recorded live.")
        let change = CassetteChange(old: old, new: new)
        #expect(change.unchanged == 1)
        #expect(change.count(.changed) == 1 && change.count(.added) == 1 && change.count(.removed) == 1)
        #expect(
            change.text(path: "c.json") == """
                c.json: 1 added, 1 removed, 1 changed, 1 unchanged
                  ~ GET https://h/a (status 200 → 429, response body)
                  + GET https://h/c
                  - GET https://h/b
                  comment: none → "Recorded live."

                """)
    }

    @Test func aFirstRecordingAddsEverything() {
        let change = CassetteChange(old: nil, new: Cassette(interactions: [Self.interaction("https://h/a")]))
        #expect(
            change.text(path: "c.json") == "c.json: 1 added, 0 removed, 0 changed, 0 unchanged\n  + GET https://h/a\n")
        #expect(!change.isEmpty)
        #expect(CassetteChange(old: Cassette(), new: Cassette()).isEmpty)
    }
}
