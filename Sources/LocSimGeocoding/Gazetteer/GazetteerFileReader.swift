import LocSimSupport

/// Opens a gazetteer file with POSIX calls: maps it read-only (`PROT_READ`, `MAP_PRIVATE`), so
/// loading reads nothing and the pages lookups visit are all the memory it costs; when the file
/// cannot be mapped, reads it whole into memory instead.
enum GazetteerFileReader {
    /// Why opening or reading failed, in words (`strerror`).
    struct Failure: Error {
        var message: String
    }

    /// The contents of the file at `path`.
    static func open(path: String) throws(Failure) -> GazetteerBytes {
        let fd = posixOpen(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(message: SystemCall.errorText(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(message: SystemCall.errorText(errno)) }
        let size = Int(info.st_size)
        guard size > 0 else { return GazetteerBytes(copying: []) }
        if let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED {
            return GazetteerBytes(mapping: UnsafeRawPointer(address), count: size)
        }
        return try read(fd, size: size)
    }

    /// Reads `size` bytes from `fd` into new memory.
    private static func read(_ fd: Int32, size: Int) throws(Failure) -> GazetteerBytes {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        var done = 0
        while done < size {
            let count = posixRead(fd, buffer + done, size - done)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let message = count == 0 ? "file changed while being read" : SystemCall.errorText(errno)
                buffer.deallocate()
                throw Failure(message: message)
            }
            done += count
        }
        return GazetteerBytes(allocation: buffer, count: size)
    }
}

/// The C library's `open(2)` and `read(2)` (the enum's own `open` and `read` shadow them inside it).
private func posixOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
