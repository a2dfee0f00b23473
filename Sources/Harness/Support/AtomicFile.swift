import Foundation
import LocSimSupport

/// Expectations and JUnit reports, written through the package's one atomic writer
/// (``AtomicFileWriter``: temporary file, `fsync`, `rename`), parent directories created.
enum AtomicFile {
    /// Writes `text` as UTF-8 to `url` atomically.
    static func write(_ text: String, to url: URL) throws(AtomicFileError) {
        do {
            try AtomicFileWriter(createsDirectories: true).write(text, to: url.path)
        } catch {
            throw AtomicFileError(path: url.path, reason: error.reason)
        }
    }
}

/// A file that could not be written.
public struct AtomicFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The destination path.
    public var path: String
    /// What went wrong.
    public var reason: String

    public var description: String { "cannot write \(path): \(reason)" }
}
