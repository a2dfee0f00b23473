import Foundation
import LocSimHTTPRecording
import LocSimTesting
import LocSimURLProtocol
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A cassette deleted while a session records into it (issue 35, bad input): the session's
/// next write puts back everything it recorded, not only what it recorded since the deletion,
/// with what the file held when the session began (as its mode keeps it), and the next run
/// replays it all offline.
@Suite struct DeletedCassetteTests {
    /// The cassette before the run: an old answer to /a, and one to /kept, which no request of
    /// the run makes.
    static func before(_ base: String) -> Cassette {
        Cassette(interactions: [ParallelRecordingTests.old(base + "/a"), ParallelRecordingTests.old(base + "/kept")])
    }

    @Test(arguments: [RecordMode.once, .newEpisodes, .all])
    func theSessionsEarlierRecordingsAreWrittenAgain(mode: RecordMode) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try ParallelRecordingTests.server()
        defer { server.stop() }
        let base = server.baseURL
        let cassette = fixture.url("deleted.json")
        // `new-episodes` and `all` begin from a cassette holding an answer to /a and one to /kept
        // (which no request of the run makes); `once` from no file.
        if mode != .once { try fixture.write(Self.before(base), to: "deleted.json") }
        let session = try LocSimCassetteSession(
            cassette: cassette, environment: ["LOCSIM_RECORD": mode.rawValue], reportsMisses: false)
        defer { _ = try? session.finish() }
        func body(_ path: String) async throws -> String {
            String(decoding: try await session.session.data(from: URL(string: base + path)!).0, as: UTF8.self)
        }

        let first = try await body("/b")
        #expect(try CassetteStore.load(cassette.path).interactions.map(\.request.url).contains(base + "/b"))
        try FileManager.default.removeItem(at: cassette)
        let second = try await body("/c")

        let stored = try CassetteStore.load(cassette.path).interactions.map(\.request.url)
        let expected = mode == .once ? ["/b", "/c"] : ["/a", "/kept", "/b", "/c"]
        #expect(stored.sorted() == expected.map { base + $0 }.sorted())
        server.stop()
        let replay = try LocSimURLSession.replaying(cassette: cassette)
        defer { replay.finishTasksAndInvalidate() }
        #expect(String(decoding: try await replay.data(from: URL(string: base + "/b")!).0, as: UTF8.self) == first)
        #expect(String(decoding: try await replay.data(from: URL(string: base + "/c")!).0, as: UTF8.self) == second)
    }

    /// `all` re-records a request answered before the run: after a deletion the old answer does
    /// not come back ahead of the new one.
    @Test func allDoesNotBringBackAnAnswerItReplaced() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try ParallelRecordingTests.server()
        defer { server.stop() }
        let base = server.baseURL
        let cassette = try fixture.write(Self.before(base), to: "replaced.json")
        let session = try LocSimCassetteSession(
            cassette: cassette, environment: ["LOCSIM_RECORD": "all"], reportsMisses: false)
        defer { _ = try? session.finish() }
        let fresh = String(decoding: try await session.session.data(from: URL(string: base + "/a")!).0, as: UTF8.self)
        #expect(fresh.contains("/a"))
        try FileManager.default.removeItem(at: cassette)
        _ = try await session.session.data(from: URL(string: base + "/c")!)

        let stored = try CassetteStore.load(cassette.path).interactions
        #expect(stored.map(\.request.url).sorted() == ["/a", "/c", "/kept"].map { base + $0 }.sorted())
        let answer = stored.first { $0.request.url == base + "/a" }?.response.body
        #expect(answer.map { String(decoding: $0, as: UTF8.self) } == fresh)
    }
}
