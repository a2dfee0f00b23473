#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file into one byte array with POSIX calls: no `Data`, no mapping, no second
/// copy, so loading the gazetteer costs its file size in memory once.
enum GazetteerFileReader {
    /// Why a read failed, in words (`strerror`).
    struct Failure: Error {
        var message: String
    }

    /// The contents of the file at `path`.
    static func read(path: String) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(message: Self.describe(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(message: Self.describe(errno)) }
        let size = Int(info.st_size)
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var done = 0
            while done < size {
                let count = posixRead(fd, buffer.baseAddress! + done, size - done)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if count == 0 { break }
                done += count
            }
            initialized = done
        }
        guard failure == 0 else { throw Failure(message: Self.describe(failure)) }
        guard bytes.count == size else { throw Failure(message: "file changed while being read") }
        return bytes
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// The C library's `read(2)` (the enum's own `read(path:)` would shadow it inside the type).
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(fd, buffer, count)
}
