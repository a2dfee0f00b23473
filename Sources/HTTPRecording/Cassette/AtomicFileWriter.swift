#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files atomically: the bytes go to a temporary file in the destination's directory,
/// are flushed to disk, and replace the destination with one `rename(2)`. A crash or failure at
/// any point leaves the old file as it was; the temporary file is removed on failure.
public struct AtomicFileWriter: Sendable {
    /// Replaces `destination` with `source`; returns 0 or an `errno` value. Injected so tests can
    /// simulate a crash between writing and renaming.
    public var rename: @Sendable (_ source: String, _ destination: String) -> Int32

    /// A writer using the real `rename(2)`.
    public init() {
        self.rename = { source, destination in
            #if canImport(Glibc)
                Glibc.rename(source, destination) == 0 ? 0 : errno
            #else
                Darwin.rename(source, destination) == 0 ? 0 : errno
            #endif
        }
    }

    /// A writer with a custom rename step.
    public init(rename: @escaping @Sendable (_ source: String, _ destination: String) -> Int32) {
        self.rename = rename
    }

    /// Writes `bytes` to `path` atomically; the error message names the path and the cause.
    public func write(_ bytes: [UInt8], to path: String) throws(CassetteError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var descriptor: Int32 = -1
        var temporary = ""
        for attempt in 0..<100 {
            temporary = "\(directory.isEmpty ? "" : directory)/.\(name).tmp-\(getpid())-\(attempt)"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw failure(path, "cannot create a temporary file in \(directory)", errno) }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { raw in
                #if canImport(Glibc)
                    Glibc.write(descriptor, raw.baseAddress, raw.count)
                #else
                    Darwin.write(descriptor, raw.baseAddress, raw.count)
                #endif
            }
            if result < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                unlink(temporary)
                throw failure(path, "write failed", code)
            }
            written += result
        }
        if fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            unlink(temporary)
            throw failure(path, "fsync failed", code)
        }
        close(descriptor)
        let code = rename(temporary, path)
        if code != 0 {
            unlink(temporary)
            throw failure(path, "rename failed", code)
        }
    }

    private func failure(_ path: String, _ what: String, _ code: Int32) -> CassetteError {
        CassetteError(kind: .io, path: path, reason: "\(what): \(String(cString: strerror(code)))")
    }
}
