public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files atomically: the bytes go to a temporary file in the same directory, are flushed
/// to disk, and the file is renamed over the destination, so a reader sees the old file or the
/// new one, never a mix. On any failure the temporary file is removed and the error says why in
/// the system's words (`No space left on device`). A destination that exists and is not a
/// regular file (`/dev/stdout`, a FIFO, `/dev/full`) is written in place: renaming over it would
/// replace the device or pipe with a file.
public enum AtomicFile {
    /// Writes `data` to `url` atomically, creating the parent directory if needed.
    public static func write(_ data: Data, to url: URL) throws(AtomicFileError) {
        var status = stat()
        if stat(url.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG, status.st_mode & S_IFMT != S_IFDIR {
            try writeInPlace(data, to: url)
            return
        }
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw AtomicFileError(path: url.path, reason: "cannot create directory \(directory.path)")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw AtomicFileError(path: url.path, reason: systemMessage(errno)) }
        if let code = writeAll(data, to: descriptor) ?? (fsync(descriptor) == 0 ? nil : errno) {
            close(descriptor)
            unlink(temporary)
            throw AtomicFileError(path: url.path, reason: systemMessage(code))
        }
        close(descriptor)
        if rename(temporary, url.path) != 0 {
            let code = errno
            unlink(temporary)
            throw AtomicFileError(path: url.path, reason: systemMessage(code))
        }
    }

    /// Writes into an existing special file (a device, a pipe).
    private static func writeInPlace(_ data: Data, to url: URL) throws(AtomicFileError) {
        let descriptor = open(url.path, O_WRONLY)
        guard descriptor >= 0 else { throw AtomicFileError(path: url.path, reason: systemMessage(errno)) }
        defer { close(descriptor) }
        if let code = writeAll(data, to: descriptor) {
            throw AtomicFileError(path: url.path, reason: systemMessage(code))
        }
    }

    /// Writes `text` as UTF-8 to `url` atomically.
    public static func write(_ text: String, to url: URL) throws(AtomicFileError) {
        try write(Data(text.utf8), to: url)
    }

    /// Writes every byte of `data` to `descriptor`, retrying after EINTR; the `errno` that
    /// stopped it (a write of 0 bytes counts as `ENOSPC`), or `nil`.
    static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return written < 0 ? errno : ENOSPC
                }
            }
            return nil
        }
    }

    private static func systemMessage(_ code: Int32) -> String { String(cString: strerror(code)) }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif

/// A file that could not be written.
public struct AtomicFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The destination path.
    public var path: String
    /// What went wrong.
    public var reason: String

    public var description: String { "cannot write \(path): \(reason)" }
}
