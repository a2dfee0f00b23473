package import Foundation

/// The repository this test file lives in, and temporary copies of its scenarios.
package enum RepositoryFixture {
    /// The repository root.
    package static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Recordings/`.
    package static var recordings: URL { root.appendingPathComponent("Recordings", isDirectory: true) }

    /// A fresh directory laid out like the repository: `Waypoints` is a copy of the repository's, and
    /// `Recordings/` holds copies of the scenario folders `names` (only the files in `files`).
    /// Removed again when a copy fails; after use, ``TemporaryRepository/remove()`` removes it.
    package static func copy(
        _ names: [String], files: [String] = ["scenario.json", "cassette.json", "expected.jsonl"]
    ) throws -> TemporaryRepository {
        let temporary = try TemporaryRepository()
        let manager = FileManager.default
        return try removingIfThrows(temporary.root) {
            // A copy, not a link: a track that resolves outside the root is refused (issue 19 item 9).
            try manager.copyItem(
                at: root.appendingPathComponent("Waypoints"), to: temporary.root.appendingPathComponent("Waypoints"))
            for name in names {
                let destination = temporary.recordings.appendingPathComponent(name, isDirectory: true)
                try manager.createDirectory(at: destination, withIntermediateDirectories: true)
                for file in files {
                    let source = recordings.appendingPathComponent(name).appendingPathComponent(file)
                    if manager.fileExists(atPath: source.path) {
                        try manager.copyItem(at: source, to: destination.appendingPathComponent(file))
                    }
                }
            }
            return temporary
        }
    }
}

/// A temporary repository root with a `Recordings/` folder, removed by ``remove()``.
package struct TemporaryRepository {
    package let root: URL

    package init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-scenarios-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
    }

    package var recordings: URL { root.appendingPathComponent("Recordings", isDirectory: true) }

    package func file(_ scenario: String, _ name: String) -> URL {
        recordings.appendingPathComponent(scenario).appendingPathComponent(name)
    }

    package func text(_ scenario: String, _ name: String) -> String? {
        FileManager.default.contents(atPath: file(scenario, name).path).map { String(decoding: $0, as: UTF8.self) }
    }

    package func write(_ text: String, _ scenario: String, _ name: String) throws {
        try Data(text.utf8).write(to: file(scenario, name))
    }

    package func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
