import Foundation
import LocSimHTTPRecording
import LocSimReplay
import LocSimSettings
import LocSimSimulation

/// The repository's seed tracks.
enum SeedTracks {
    static let directory = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Waypoints")
        .standardizedFileURL

    static func url(_ name: String) -> URL { directory.appending(path: name) }

    /// Every `Waypoints/*.gpx`, sorted.
    static var all: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".gpx") }.sorted()
    }
}

/// An HTTP client for runs that make no request: any request is an error.
struct NoHTTPClient: HTTPClient {
    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        throw .unreachable("no HTTP in this test: \(request.url)")
    }
}

/// Settings without weather providers or push: the location half alone.
func locationOnlySettings() -> ReplaySettings {
    var settings = ReplaySettings()
    settings.providers = []
    settings.push = false
    return settings
}

/// `body` given a temporary file holding `text`, in a folder of its own removed after `body`.
func withTemporaryFile<Result>(
    _ text: String, name: String = "track.gpx", _ body: (URL) throws -> Result
) throws
    -> Result
{
    let directory = FileManager.default.temporaryDirectory.appending(path: "LocSimDeviceTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appending(path: name)
    try Data(text.utf8).write(to: url)
    return try body(url)
}

extension Array where Element == TranscriptLine {
    /// The lines of one event, as JSON text.
    func texts(_ name: NotificationName) -> [String] {
        filter { $0.notification.name == name }.map(\.text)
    }
}
