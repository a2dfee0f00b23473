import Foundation
import LocSimHTTPRecording
import LocSimTesting
import LocSimURLProtocol
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A body larger than the cassette body cap is refused while recording through URLSession
/// (found by an attack run on the library face): a 70 MiB answer was recorded and written, the
/// test passed, and the cassette then failed every replay and every later write of the session
/// with "larger than the 64 MiB body cap". Shown here with a small cap.
@Suite struct BodyCapRecordingTests {
    static let cap = 1000

    /// A stand-in answering `size` bytes at `path` and 10 elsewhere.
    static func server(_ path: String = "/big", size: Int = cap + 1) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            .init(
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "text/plain"],
                    body: Array(repeating: UInt8(ascii: "x"), count: URLParts(request.url).path == path ? size : 10)))
        }
    }

    static func session(_ path: String, cap: Int = cap) throws -> LocSimCassetteSession {
        var options = RecordingOptions(
            live: true, recordPath: path, mode: .newEpisodes, environment: Fixture.quiet,
            recordedAt: { "2026-12-01T09:00:00Z" })
        options.locksEachWrite = true
        options.maxBodyBytes = cap
        return try LocSimCassetteSession(options: options, reportsMisses: false)
    }

    @Test func aResponseOverTheCapFailsAndIsNotRecorded() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let path = fixture.url("cap.json").path
        let recorder = try Self.session(path)
        defer { _ = try? recorder.finish() }

        let error = await #expect(throws: URLError.self) {
            _ = try await recorder.session.data(from: URL(string: server.baseURL + "/big")!)
        }
        let message = error?.localizedDescription ?? ""
        #expect(message.contains("the response body, 1001 bytes, is larger than the 1000 bytes body cap"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: path))

        // The session goes on recording, and what it writes reads back with the same cap.
        _ = try await recorder.session.data(from: URL(string: server.baseURL + "/small")!)
        let cassette = try CassetteStore.load(path, maxBodyBytes: Self.cap)
        #expect(cassette.interactions.map { URLParts($0.request.url).path } == ["/small"])
    }

    /// A cap raised above the default holds when a write re-reads the cassette (it re-read with
    /// the 64 MiB default: the second write of a session that had recorded a larger body failed).
    @Test func aCapAboveTheDefaultHoldsWhenAWriteRereadsTheFile() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let large = Cassette.defaultMaxBodyBytes + 1
        let server = try Self.server("/large", size: large)
        defer { server.stop() }
        let path = fixture.url("raised.json").path
        let recorder = try Self.session(path, cap: large)
        defer { _ = try? recorder.finish() }
        let (body, _) = try await recorder.session.data(from: URL(string: server.baseURL + "/large")!)
        #expect(body.count == large)
        _ = try await recorder.session.data(from: URL(string: server.baseURL + "/small")!)
        let cassette = try CassetteStore.load(path, maxBodyBytes: large)
        #expect(cassette.interactions.map { URLParts($0.request.url).path } == ["/large", "/small"])
    }

    @Test func aRequestBodyOverTheCapFailsAndIsNotRecorded() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let path = fixture.url("cap-request.json").path
        let recorder = try Self.session(path)
        defer { _ = try? recorder.finish() }

        var request = URLRequest(url: URL(string: server.baseURL + "/upload")!)
        request.httpMethod = "POST"
        request.httpBody = Data(repeating: UInt8(ascii: "y"), count: Self.cap + 1)
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        let error = await #expect(throws: URLError.self) { _ = try await recorder.session.data(for: request) }
        #expect(error?.localizedDescription.contains("the request body, 1001 bytes") == true)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
