import LocSimSupport

/// Reads a file in fixed-size chunks with POSIX `open`/`read` (or `pread` on a ``GPXFile``'s
/// shared descriptor, at this reader's own offset), so memory stays flat whatever the file size.
///
/// The file is opened without waiting (`O_NONBLOCK`), so a FIFO no process writes to is refused
/// at once (``Failure/unreadable(_:)``: nothing to read, exit 66) instead of waiting forever for
/// a writer, as `-o FIFO` with no reader fails at once. A pipe or FIFO that has a writer (a
/// shell's `<(…)`, a producer started first) or holds data is read to its end, once.
final class FileChunkReader {
    /// Why a file could not be opened or read.
    enum Failure: Error {
        case notFound
        case unreadable(String)
    }

    private let descriptor: Int32
    private let buffer: UnsafeMutableRawBufferPointer
    /// The next offset to read, when reading a shared seekable descriptor (`nil`: `read`).
    private var offset: off_t?
    private let ownsDescriptor: Bool
    /// Bytes a FIFO's first read returned, handed out by the first ``next()``.
    private var pending = 0

    init(path: String, chunkSize: Int) throws(Failure) {
        GPXFile.countOpen(path)
        let descriptor = try Self.openForReading(path)
        self.descriptor = descriptor
        ownsDescriptor = true
        buffer = .allocate(byteCount: max(chunkSize, 4096), alignment: 16)
        // A throw from here on runs `deinit`, which closes the file and frees the buffer.
        try startReading()
    }

    /// Reads `file` from its start, sharing its descriptor (opened on first use). A file that
    /// cannot seek (a pipe) is read by its first pass only.
    init(file: GPXFile, chunkSize: Int) throws(Failure) {
        let (descriptor, seekable) = try file.descriptorForPass()
        self.descriptor = descriptor
        ownsDescriptor = false
        offset = seekable ? 0 : nil
        buffer = .allocate(byteCount: max(chunkSize, 4096), alignment: 16)
        if !seekable { try startReading() }
    }

    /// Opens `path` for reading without waiting for a FIFO's writer.
    static func openForReading(_ path: String) throws(Failure) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR ? .notFound : .unreadable(SystemCall.lowercasedErrorText(code))
        }
        return descriptor
    }

    /// Refuses a FIFO nobody writes to, then lets reads wait for data as usual (a pipe's
    /// writer may be slow).
    private func startReading() throws(Failure) {
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFIFO { pending = try firstFIFORead() }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    }

    /// The bytes of a FIFO's first read without waiting: none at all (end of file at once) means
    /// no process has it open for writing, which is refused; `EAGAIN` means a writer is there.
    private func firstFIFORead() throws(Failure) -> Int {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count > 0 { return count }
            if count == 0 {
                throw .unreadable("no process writes to this FIFO (nothing was read)")
            }
            let code = errno
            if code == EAGAIN || code == EWOULDBLOCK { return 0 }
            if code != EINTR { throw .unreadable(SystemCall.lowercasedErrorText(code)) }
        }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
        buffer.deallocate()
    }

    /// The next chunk (valid until the next call), or an empty buffer at end of file.
    func next() throws(Failure) -> UnsafeRawBufferPointer {
        if pending > 0 {
            defer { pending = 0 }
            return UnsafeRawBufferPointer(rebasing: buffer[0..<pending])
        }
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
