/// The process's file mode creation mask, read once.
enum ProcessUmask {
    /// The umask: on Linux read from `/proc/self/status` (no window in which it is changed);
    /// elsewhere set and restored with `umask(2)` once, at first use.
    static let current: mode_t = {
        #if os(Linux)
            if let status = try? readStatus(),
                let line = status.split(separator: "\n").first(where: {
                    $0.hasPrefix("Umask:")
                }),
                let value = mode_t(String(line.dropFirst("Umask:".count).filter { $0.isNumber }), radix: 8)
            {
                return value
            }
        #endif
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    #if os(Linux)
        private static func readStatus() throws -> String {
            let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw AtomicWriteError(path: "/proc/self/status", step: "open", code: errno) }
            defer { close(descriptor) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                bytes.append(contentsOf: chunk[..<count])
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    #endif
}
