public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files atomically: the bytes go to a temporary file in the same directory, which is then
/// renamed over the destination, so a reader sees the old file or the new one, never a mix.
public enum AtomicFile {
    /// Writes `data` to `url` atomically, creating the parent directory if needed.
    public static func write(_ data: Data, to url: URL) throws(AtomicFileError) {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw AtomicFileError(path: url.path, reason: "cannot create directory \(directory.path)")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        do {
            try data.write(to: temporary)
        } catch {
            throw AtomicFileError(path: url.path, reason: "cannot write \(temporary.path)")
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw AtomicFileError(path: url.path, reason: reason)
        }
    }

    /// Writes `text` as UTF-8 to `url` atomically.
    public static func write(_ text: String, to url: URL) throws(AtomicFileError) {
        try write(Data(text.utf8), to: url)
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
