import LocSimSupport

/// Reads a file in fixed-size chunks with POSIX `open`/`read` (or `pread` on a ``GPXFile``'s
/// shared descriptor, at this reader's own offset), so memory stays flat whatever the file size.
final class FileChunkReader {
    /// Why a file could not be opened or read.
    enum Failure: Error {
        case notFound
        case unreadable(String)
    }

    private let descriptor: Int32
    private let buffer: UnsafeMutableRawBufferPointer
    /// The next offset to read, when reading a shared descriptor (`nil`: own descriptor, `read`).
    private var offset: off_t?
    private let ownsDescriptor: Bool

    init(path: String, chunkSize: Int) throws(Failure) {
        GPXFile.countOpen(path)
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR ? .notFound : .unreadable(SystemCall.lowercasedErrorText(code))
        }
        self.descriptor = descriptor
        ownsDescriptor = true
        buffer = .allocate(byteCount: max(chunkSize, 4096), alignment: 16)
    }

    /// Reads `file` from its start, sharing its descriptor (opened on first use).
    init(file: GPXFile, chunkSize: Int) throws(Failure) {
        descriptor = try file.descriptor()
        ownsDescriptor = false
        offset = 0
        buffer = .allocate(byteCount: max(chunkSize, 4096), alignment: 16)
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
        buffer.deallocate()
    }

    /// The next chunk (valid until the next call), or an empty buffer at end of file.
    func next() throws(Failure) -> UnsafeRawBufferPointer {
        while true {
            let count =
                if let offset { pread(descriptor, buffer.baseAddress, buffer.count, offset) } else {
                    read(descriptor, buffer.baseAddress, buffer.count)
                }
            if count >= 0 {
                offset? += off_t(count)
                return UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            }
            let code = errno
            if code != EINTR { throw .unreadable(SystemCall.lowercasedErrorText(code)) }
        }
    }
}
