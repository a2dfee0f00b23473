import Foundation
import LocSimHTTPRecording
import LocSimTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A temporary folder for cassettes, and cassette text built from interactions.
struct Fixture {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "locsim-urlprotocol-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// A folder every user can reach and read (mode 0755 whatever the umask, in `/tmp`, not in
    /// `TMPDIR`, which may be a private folder), for what a test runs as another user.
    static func everyone() throws -> Fixture {
        let fixture = Fixture(directory: URL(fileURLWithPath: "/tmp/locsim-urlprotocol-\(UUID().uuidString)"))
        try FileManager.default.createDirectory(at: fixture.directory, withIntermediateDirectories: false)
        try removingIfThrows(fixture.directory) {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fixture.directory.path)
        }
        return fixture
    }

    private init(directory: URL) {
        self.directory = directory
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// Writes `cassette` as `name` and returns its URL.
    @discardableResult
    func write(_ cassette: Cassette, to name: String) throws -> URL {
        try write(cassette.text(), to: name)
    }

    @discardableResult
    func write(_ text: String, to name: String) throws -> URL {
        let target = url(name)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
        return target
    }

    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: url(name).path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A GET interaction answering `url` with a JSON `body`.
    static func get(
        _ url: String, json body: String, status: Int = 200, headers: [String: String] = [:]
    )
        -> HTTPInteraction
    {
        HTTPInteraction(
            request: HTTPRequest(method: "GET", url: url, headers: headers),
            response: HTTPResponse(
                status: status, headers: ["Content-Type": "application/json"], body: Array(body.utf8)),
            recordedAt: "2026-01-01T00:00:00Z")
    }

    /// No `CI`, no `LOCSIM_RECORD`: the environment tests run cassette sessions in.
    static let quiet: [String: String] = [:]
}

extension URLSession {
    /// A completion-handler data task, awaited.
    func completionData(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: (data ?? Data(), response!))
                }
            }.resume()
        }
    }
}
