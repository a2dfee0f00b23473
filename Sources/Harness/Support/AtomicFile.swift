public import Foundation
import LocSimSupport

/// Expectations, JUnit reports and record's staging files, written through the package's one
/// atomic writer (``AtomicFileWriter``: temporary file, `fsync`, `rename`, a special file such as
/// `/dev/full` written in place), parent directories created. Errors say why in the system's
/// words (`No space left on device`).
public enum AtomicFile {
    /// Writes `data` to `url` atomically.
    public static func write(_ data: Data, to url: URL) throws(AtomicFileError) {
        do {
            try AtomicFileWriter(createsDirectories: true).write(Array(data), to: url.path)
        } catch {
            throw AtomicFileError(path: url.path, reason: error.reason)
        }
    }

    /// Writes `text` as UTF-8 to `url` atomically.
    public static func write(_ text: String, to url: URL) throws(AtomicFileError) {
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
