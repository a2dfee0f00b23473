import Foundation
import LocSimHTTPRecording
import LocSimReplay
import LocSimSupport

@testable import LocSimServe

/// A server over a small hand-made cassette in a fresh directory, and raw-socket helpers.
struct ServeFixture {
    static let aerisURL =
        "https://api.aerisapi.com/advisories/franklin,la,us?client_id=<AERIS_CLIENT_ID>&client_secret=<AERIS_CLIENT_SECRET>"
    static let parseURL = "https://api.parse.com/1/push"

    let directory: URL
    let cassette: String
    let server: CassetteServer
    let session: RecordingSession
    let reports: Lines

    /// Collected report lines.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) {
            lock.lock()
            lines.append(line)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return lines
        }
    }

    /// Two Aeris answers for the same request (replayed in order) and a Parse POST.
    static func cassette() -> Cassette {
        Cassette(interactions: [
            HTTPInteraction(
                request: HTTPRequest(url: aerisURL),
                response: HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"answer":1}"#.utf8)),
                recordedAt: "2024-06-01T00:00:00Z"),
            HTTPInteraction(
                request: HTTPRequest(url: aerisURL),
                response: HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"answer":2}"#.utf8)),
                recordedAt: "2024-06-01T00:00:00Z"),
            HTTPInteraction(
                request: HTTPRequest(method: "POST", url: parseURL),
                response: HTTPResponse(
                    status: 201, headers: ["Content-Type": "application/json"], body: Array(#"{"result":true}"#.utf8)),
                recordedAt: "2024-06-01T00:00:00Z"),
        ])
    }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-serve-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A replaying server (or, with `recording`, one recording into the cassette through `live`).
    init(
        limits: ServeLimits = ServeLimits(), recording: RecordMode? = nil, live: (any HTTPClient)? = nil,
        environment: [String: String] = [:], writesCassette: Bool = true, cassette recorded: Cassette = cassette(),
        host: String = "127.0.0.1", engine: CassetteServer.Engine = .eventLoops, jsonLog: Lines? = nil,
        app: ReplayApp = ReplayApp(), forwardHosts: [String] = []
    ) throws {
        _ = FileDescriptorLimit.raised
        let directory = try Self.temporaryDirectory()
        self.directory = directory
        // A set-up that fails (a port, a descriptor) leaves no folder behind.
        do {
            cassette = directory.appendingPathComponent("cassette.json").path
            if writesCassette { try recorded.text().write(toFile: cassette, atomically: true, encoding: .utf8) }
            let options: RecordingOptions
            if let recording {
                options = RecordingOptions(
                    live: true, recordPath: cassette, mode: recording, environment: environment,
                    secrets: app.secrets, recordedAt: { "2024-06-02T00:00:00Z" },
                    recordCommand: "locsim serve --cassette cassette.json --record --mode new-episodes")
            } else {
                options = RecordingOptions(
                    cassettePaths: [cassette], environment: environment, secrets: app.secrets,
                    recordCommand: "locsim serve --cassette cassette.json --record --mode new-episodes")
            }
            session = try RecordingSession(options: options, liveTransport: live)
            let reports = Lines()
            self.reports = reports
            let directoryPath = directory.path + "/"
            var logWriter: (@Sendable (String) -> Void)?
            if let jsonLog { logWriter = { jsonLog.append($0) } }
            server = try CassetteServer(
                app: app, session: session,
                options: ServeOptions(
                    host: host, limits: limits, environment: environment, report: { reports.append($0) },
                    jsonLog: logWriter,
                    displayPath: { $0.replacing(directoryPath, with: "") }, forwardHosts: forwardHosts), engine: engine)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    func tearDown() {
        server.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }
}
