import Foundation
import LocSimHTTPRecording
import LocSimTesting
import LocSimURLProtocol
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sixteen one-liner sessions recording into one cassette in one process, in each record mode:
/// every interaction reaches the cassette, `once` and `all` are decided for the run (not per
/// session), and the next replay answers every request offline (docs/recordings.md, "Record
/// modes").
@Suite struct ParallelRecordingTests {
    static let sessions = 16
    static let recordModes: [RecordMode] = [.once, .newEpisodes, .all]

    /// A stand-in whose body names the path it answered.
    static func server() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            .init(
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Array(#"{"live":"\#(URLParts(request.url).path)"}"#.utf8)))
        }
    }

    /// A recorded interaction from before the run.
    static func old(_ url: String) -> HTTPInteraction {
        Fixture.get(url, json: #"{"old":true}"#)
    }

    /// One test's recording: a one-liner session in `mode`, one request; its body.
    static func record(_ url: String, into cassette: URL, mode: RecordMode) async throws -> String {
        let session = try LocSimCassetteSession(
            cassette: cassette, environment: ["LOCSIM_RECORD": mode.rawValue], reportsMisses: false
        ).session
        defer { session.finishTasksAndInvalidate() }
        return String(decoding: try await session.data(from: URL(string: url)!).0, as: UTF8.self)
    }

    /// The first session records alone (the others start after the cassette exists, as the
    /// later tests of a serial run do), then the other fifteen all at once.
    static func recordSixteen(
        _ urls: [String], into cassette: URL, mode: RecordMode
    ) async throws -> [String: String] {
        var bodies = [urls[0]: try await record(urls[0], into: cassette, mode: mode)]
        try await withThrowingTaskGroup(of: (String, String).self) { group in
            for url in urls.dropFirst() {
                group.addTask { (url, try await record(url, into: cassette, mode: mode)) }
            }
            for try await (url, body) in group { bodies[url] = body }
        }
        return bodies
    }

    /// What replaying `urls` answers, offline (strict, the stand-in stopped), all at once.
    static func replayed(_ urls: [String], from cassette: URL) async throws -> [String: String] {
        try await withThrowingTaskGroup(of: (String, String).self) { group in
            for url in urls {
                group.addTask {
                    let session = try LocSimURLSession.replaying(cassette: cassette)
                    defer { session.finishTasksAndInvalidate() }
                    return (url, String(decoding: try await session.data(from: URL(string: url)!).0, as: UTF8.self))
                }
            }
            var bodies: [String: String] = [:]
            for try await (url, body) in group { bodies[url] = body }
            return bodies
        }
    }

    @Test(arguments: recordModes)
    func sixteenSessionsKeepEveryInteractionAndTheNextRunReplaysThem(mode: RecordMode) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let base = server.baseURL
        let urls = (0..<Self.sessions).map { base + "/zone/\($0)" }
        let cassette = fixture.url("Cassettes/shared.json")
        // Before the run: `new-episodes` and `all` start from a cassette holding one of the
        // requests (old answer) and one no request of the run makes; `once` from no file.
        if mode != .once {
            try fixture.write(
                Cassette(interactions: [Self.old(urls[3]), Self.old(base + "/kept")]), to: "Cassettes/shared.json")
        }

        let live = try await Self.recordSixteen(urls, into: cassette, mode: mode)

        let stored = try CassetteStore.load(cassette.path).interactions
        let storedURLs = stored.map(\.request.url)
        switch mode {
        case .newEpisodes:
            // The old answer replays; the fifteen others are recorded; nothing is dropped.
            #expect(live[urls[3]]?.contains("old") == true)
            #expect(server.requests.count == Self.sessions - 1)
            #expect(storedURLs.sorted() == (urls + [base + "/kept"]).sorted())
        case .all:
            // Every request is re-recorded: the old answer to /zone/3 is replaced, the
            // interaction no request of the run matched stays.
            #expect(live[urls[3]]?.contains("/zone/3") == true)
            #expect(server.requests.count == Self.sessions)
            #expect(storedURLs.sorted() == (urls + [base + "/kept"]).sorted())
            #expect(stored.filter { $0.request.url == urls[3] }.map(\.response.body) == [Array(live[urls[3]]!.utf8)])
        default:
            #expect(server.requests.count == Self.sessions)
            #expect(storedURLs.sorted() == urls.sorted())
        }

        // The next run replays every answer offline.
        server.stop()
        #expect(try await Self.replayed(urls, from: cassette) == live)
    }

    /// A serial run: the second test's session starts after the first wrote the cassette, and
    /// records too, because the file had no recording when the run began (issue 35: it failed
    /// `not_recorded` every time).
    @Test func onceRecordsForEverySessionOfTheRunThatFoundNoCassette() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let cassette = fixture.url("once.json")
        _ = try await Self.record(server.baseURL + "/a", into: cassette, mode: .once)
        #expect(try await Self.record(server.baseURL + "/b", into: cassette, mode: .once).contains("/b"))
        #expect(
            try CassetteStore.load(cassette.path).interactions.map(\.request.url)
                == ["/a", "/b"].map { server.baseURL + $0 })
    }

    /// `once` on a cassette that held a recording when the run began replays strictly: a miss
    /// is `not_recorded` and the stand-in is never asked.
    @Test func onceReplaysStrictlyWhenTheCassetteHadARecordingWhenTheRunBegan() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let cassette = try fixture.write(Cassette(interactions: [Self.old(server.baseURL + "/a")]), to: "had.json")
        #expect(try await Self.record(server.baseURL + "/a", into: cassette, mode: .once).contains("old"))
        await #expect(throws: URLError.self) {
            _ = try await Self.record(server.baseURL + "/b", into: cassette, mode: .once)
        }
        #expect(server.requests.isEmpty)
    }

    /// Two sessions one after the other in `all`: the second one's first write used to replace
    /// the file with only its own interaction (issue 35: 5 recorded, 4 kept; 8 recorded, 1 kept).
    @Test func allKeepsWhatEarlierSessionsOfTheRunRecorded() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let cassette = fixture.url("all.json")
        _ = try await Self.record(server.baseURL + "/a", into: cassette, mode: .all)
        _ = try await Self.record(server.baseURL + "/b", into: cassette, mode: .all)
        #expect(
            try CassetteStore.load(cassette.path).interactions.map(\.request.url)
                == ["/a", "/b"].map { server.baseURL + $0 })
    }

    /// A request the run records twice keeps both answers (replayed in order), and replaces
    /// every old answer of that request, in `all`.
    @Test func allReplacesEveryOldAnswerOfARequestAndKeepsTheRunsOwnRepeats() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let url = server.baseURL + "/poll"
        let cassette = try fixture.write(Cassette(interactions: [Self.old(url), Self.old(url)]), to: "poll.json")
        let session = try LocSimCassetteSession(cassette: cassette, environment: ["LOCSIM_RECORD": "all"]).session
        defer { session.finishTasksAndInvalidate() }
        let first = try await session.data(from: URL(string: url)!).0
        let second = try await session.data(from: URL(string: url)!).0
        #expect(String(decoding: first, as: UTF8.self).contains("live"))
        let stored = try CassetteStore.load(cassette.path).interactions
        #expect(stored.map(\.response.body) == [Array(first), Array(second)])
    }

    /// Three sessions of one run on one cassette in different modes, their requests interleaved
    /// (issue 35, bad input): `all` re-records /a, `new-episodes` replays /kept and records /d,
    /// `once` replays strictly (the cassette had a recording when the run began); the cassette
    /// ends with every recording and no replaced answer, in either order of the first two writes.
    @Test(arguments: [true, false])
    func sessionsOfOneRunInDifferentModesEachKeepTheirOwn(allWritesFirst: Bool) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let base = server.baseURL
        let cassette = try fixture.write(
            Cassette(interactions: [Self.old(base + "/a"), Self.old(base + "/kept")]), to: "modes.json")
        func session(_ mode: RecordMode) throws -> URLSession {
            try LocSimCassetteSession(
                cassette: cassette, environment: ["LOCSIM_RECORD": mode.rawValue], reportsMisses: false
            ).session
        }
        let (all, newEpisodes, once) = (try session(.all), try session(.newEpisodes), try session(.once))
        defer { for session in [all, newEpisodes, once] { session.finishTasksAndInvalidate() } }
        func body(_ session: URLSession, _ path: String) async throws -> String {
            String(decoding: try await session.data(from: URL(string: base + path)!).0, as: UTF8.self)
        }

        var fresh = ""
        if allWritesFirst {
            fresh = try await body(all, "/a")
            #expect(try await body(newEpisodes, "/d").contains("/d"))
        } else {
            #expect(try await body(newEpisodes, "/d").contains("/d"))
            fresh = try await body(all, "/a")
        }
        #expect(fresh.contains("live"))
        #expect(try await body(newEpisodes, "/kept").contains("old"))
        #expect(try await body(once, "/kept").contains("old"))
        await #expect(throws: URLError.self) { _ = try await body(once, "/e") }

        #expect(server.requests.map { URLParts($0.url).path }.sorted() == ["/a", "/d"])
        let stored = try CassetteStore.load(cassette.path).interactions
        #expect(stored.map(\.request.url).sorted() == ["/a", "/d", "/kept"].map { base + $0 })
        #expect(stored.first { $0.request.url == base + "/a" }?.response.body == Array(fresh.utf8))
    }
}
