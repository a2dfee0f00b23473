import LocSimSupport

/// Reads a file in fixed-size chunks with POSIX `open`/`read`, so memory stays flat whatever
/// the file size.
final class FileChunkReader {
    /// Why a file could not be opened or read.
    enum Failure: Error {
        case notFound
        case unreadable(String)
    }

    private let descriptor: Int32
    private let buffer: UnsafeMutableRawBufferPointer

    init(path: String, chunkSize: Int) throws(Failure) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR ? .notFound : .unreadable(SystemCall.lowercasedErrorText(code))
        }
        self.descriptor = descriptor
        buffer = .allocate(byteCount: max(chunkSize, 4096), alignment: 16)
    }

    deinit {
        close(descriptor)
        buffer.deallocate()
    }

    /// The next chunk (valid until the next call), or an empty buffer at end of file.
    func next() throws(Failure) -> UnsafeRawBufferPointer {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return UnsafeRawBufferPointer(rebasing: buffer[0..<count]) }
            let code = errno
            if code != EINTR { throw .unreadable(SystemCall.lowercasedErrorText(code)) }
        }
    }
}
