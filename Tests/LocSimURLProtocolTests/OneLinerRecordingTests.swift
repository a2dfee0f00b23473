import Foundation
import LocSimHTTPRecording
import LocSimTesting
import LocSimURLProtocol
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `LocSimURLSession.replaying(cassette:)` under `LOCSIM_RECORD`: the one line of a user's test
/// records, writes each interaction at once, keeps the real host behind a stand-in, and fails
/// clearly on bad input.
@Suite struct OneLinerRecordingTests {
    static let alerts = #"{"features":[{"properties":{"event":"Coastal Flood Advisory"}}]}"#

    static func server() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            .init(
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/geo+json"],
                    body: Array((alerts + " " + URLParts(request.url).path).utf8)))
        }
    }

    static func interactions(_ url: URL) throws -> [String] {
        try CassetteStore.load(url.path).interactions.map(\.request.url)
    }

    /// The test binary's neighbour `LocSimURLSessionProbe`: the one-liner in a process of its own.
    static var probe: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "LocSimURLSessionProbe")
    }

    /// Runs the probe with `environment` over the process's (without `CI` and `LOCSIM_*`), as
    /// `nobody` when `unprivileged` and this process is root (root writes into read-only folders).
    /// `nobody` runs a copy of the probe in `fixture`, which must then be ``Fixture/everyone()``:
    /// the build folder of a clone in a private folder (root's home, `mktemp -d`) is out of its
    /// reach, and Foundation cannot start a program it cannot read. Its `TMPDIR` (where its
    /// recording run's folder goes) is a folder of the fixture it may write, removed with it: the
    /// test's own may be private, and `/tmp` would keep the folder.
    static func runProbe(
        _ options: [String] = [], cassette: URL, url: String, environment: [String: String], in fixture: Fixture,
        unprivileged: Bool = false
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        var arguments = [probe.path] + options + [cassette.path, url]
        var temporary: URL?
        if unprivileged, geteuid() == 0 {
            let copy = fixture.url("LocSimURLSessionProbe")
            try FileManager.default.copyItem(at: probe, to: copy)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
            arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", copy.path] + arguments.dropFirst()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            let folder = fixture.url("tmp")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: folder.path)
            temporary = folder
        } else {
            process.executableURL = probe
            arguments.removeFirst()
        }
        process.arguments = arguments
        var base = ProcessInfo.processInfo.environment.filter { $0.key != "CI" && !$0.key.hasPrefix("LOCSIM_") }
        base.merge(environment) { _, new in new }
        if let temporary { base["TMPDIR"] = temporary.path }
        process.environment = base
        let out = fixture.url("probe-\(UUID().uuidString).out")
        let err = fixture.url("probe-\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        let text = { (url: URL) in
            String(decoding: FileManager.default.contents(atPath: url.path) ?? Data(), as: UTF8.self)
        }
        return (process.terminationStatus, text(out), text(err))
    }

    /// The crash of issue 25: the object behind the one-liner was dropped at once and its deinit
    /// invalidated the live URLSession the recording went through ("Session invalidated"). The
    /// probe records and exits without finishing anything; the cassette is on disk.
    @Test func theOneLinerRecordsInAProcessOfItsOwnWithoutFinishing() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let cassette = fixture.url("Cassettes/nws.json")
        let url = server.baseURL + "/alerts/active?zone=LAZ052"

        let first = try Self.runProbe(
            cassette: cassette, url: url, environment: ["LOCSIM_RECORD": "new-episodes"], in: fixture)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == Self.alerts + " /alerts/active\n")
        #expect(try Self.interactions(cassette) == [url])

        // Replayed by the next run, strictly: the stand-in is not asked again.
        let second = try Self.runProbe(cassette: cassette, url: url, environment: [:], in: fixture)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
        #expect(server.requests.count == 1)
    }

    @Test func eachNewInteractionIsWrittenAtOnce() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let cassette = fixture.url("alerts.json")
        // The owning object is dropped at once, as in the one-liner.
        let session = try LocSimCassetteSession(cassette: cassette, environment: ["LOCSIM_RECORD": "new-episodes"])
            .session
        defer { session.finishTasksAndInvalidate() }
        _ = try await session.data(from: URL(string: server.baseURL + "/a")!)
        #expect(try Self.interactions(cassette) == [server.baseURL + "/a"])
        _ = try await session.data(from: URL(string: server.baseURL + "/b")!)
        #expect(try Self.interactions(cassette) == [server.baseURL + "/a", server.baseURL + "/b"])
    }

    @Test func aStandInAnswersWhileTheCassetteKeepsTheRealHost() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let cassette = fixture.url("nws.json")
        let standIn = String(server.baseURL.dropFirst("http://".count))
        let real = URL(string: "https://api.weather.gov/alerts/active?point=29.79,-91.5")!

        let recorder = try LocSimCassetteSession(
            cassette: cassette,
            environment: [
                "LOCSIM_RECORD": "once", "LOCSIM_CONNECT_TO": "other.example=127.0.0.1:9,api.weather.gov=\(standIn)",
            ])
        let (live, _) = try await recorder.session.data(from: real)
        try recorder.finish()
        #expect(String(decoding: live, as: UTF8.self) == Self.alerts + " /alerts/active")
        #expect(server.requests.map(\.url) == [server.baseURL + "/alerts/active?point=29.79,-91.5"])
        #expect(try Self.interactions(cassette) == [real.absoluteString])
        #expect(!(fixture.read("nws.json") ?? "").contains("127.0.0.1"))

        // Replayed under the real URL with the stand-in stopped.
        server.stop()
        let session = try LocSimURLSession.replaying(cassette: cassette)
        defer { session.invalidateAndCancel() }
        #expect(try await session.data(from: real).0 == live)
    }

    @Test func aMalformedConnectToNamesTheVariableAndTheEntry() {
        #expect {
            _ = try LocSimCassetteSession(
                cassette: URL(fileURLWithPath: "/nonexistent/c.json"),
                environment: [
                    "LOCSIM_RECORD": "once", "LOCSIM_CONNECT_TO": "api.weather.gov=127.0.0.1:8765,api.weather.gov",
                ])
        } throws: { error in
            "\(error)".contains("LOCSIM_CONNECT_TO: 'api.weather.gov' is not host=addr:port")
        }
    }

    /// Parallel tests recording into one cassette: every interaction is kept, the file is whole.
    @Test func sessionsRecordingIntoOneCassetteInParallelKeepEveryInteraction() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let cassette = fixture.url("shared.json")
        let base = server.baseURL
        let paths = (0..<8).map { "/zone/\($0)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for path in paths {
                group.addTask {
                    let recorder = try LocSimCassetteSession(
                        cassette: cassette, environment: ["LOCSIM_RECORD": "new-episodes"])
                    _ = try await recorder.session.data(from: URL(string: base + path)!)
                    try recorder.finish()
                }
            }
            try await group.waitForAll()
        }
        #expect(try Set(Self.interactions(cassette)) == Set(paths.map { base + $0 }))
        #expect(try Self.interactions(cassette).count == paths.count)
    }

    /// Also from a clone in a private folder: the probe runs as `nobody` from a folder it can
    /// reach (issue 34 item 14).
    @Test func aReadOnlyCassetteFolderFailsTheRequestNamingThePath() throws {
        let fixture = try Fixture.everyone()
        defer { fixture.remove() }
        let server = try Self.server()
        defer { server.stop() }
        let folder = fixture.url("locked")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let cassette = folder.appendingPathComponent("nws.json")

        let run = try Self.runProbe(
            cassette: cassette, url: server.baseURL + "/alerts", environment: ["LOCSIM_RECORD": "once"], in: fixture,
            unprivileged: true)
        #expect(run.status == 1)
        #expect(run.stderr.contains("recorded but not written"), "\(run.stderr)")
        #expect(run.stderr.contains(cassette.path), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aStandInClosingMidBodyFailsWithAURLErrorAndRecordsNothing() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        // 1,000 s of dripping: the body cannot finish before the stand-in stops, however long a
        // busy machine (parallel tests blocking the cooperative pool) delays the sleeps below.
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: 400_000)
        let server = try LoopbackHTTPServer { _ in
            .dripped(HTTPResponse(status: 200, body: body), bytesPerSecond: 400, bodyOnly: true)
        }
        let cassette = fixture.url("cut.json")
        let recorder = try LocSimCassetteSession(cassette: cassette, environment: ["LOCSIM_RECORD": "once"])
        let url = URL(string: server.baseURL + "/alerts")!
        let fetch = Task { try await recorder.session.data(from: url) }
        // Once the request is in and part of the body is out, the stand-in goes away.
        for _ in 0..<250 where server.requests.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        try await Task.sleep(for: .milliseconds(300))
        server.stop()
        await #expect(throws: URLError.self) { _ = try await fetch.value }
        try recorder.finish()
        #expect(!FileManager.default.fileExists(atPath: cassette.path))
    }
}
