/// Where an ``AtomicFileWriter`` puts the bytes of the file it is writing.
package struct AtomicFileOutput {
    private let descriptor: Int32
    private let path: String
    /// Bytes written so far.
    package private(set) var count = 0

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    /// Appends `bytes` to the file.
    package mutating func write(_ bytes: some Collection<UInt8>) throws(AtomicWriteError) {
        let contiguous = bytes.withContiguousStorageIfAvailable {
            Self.writeAll(UnsafeRawBufferPointer($0), to: descriptor)
        }
        let code = contiguous ?? Array(bytes).withUnsafeBytes { Self.writeAll($0, to: descriptor) }
        guard code == 0 else { throw AtomicWriteError(path: path, step: "write failed", code: code) }
        count += bytes.count
    }

    /// Writes all of `bytes`; 0 or the `errno` value.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = SystemCall.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return 0
    }
}
