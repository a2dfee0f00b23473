import LocSimSupport

/// Text output to a file descriptor: the process's standard output or standard error.
///
/// A buffered output collects up to 64 KiB before writing, unless the descriptor is a terminal,
/// where every write goes out at once. The first failed or short write is kept in
/// ``writeError`` (`No space left on device`, `short write: 0 of 4096 bytes written`) and later
/// text is dropped; the command then exits 74. A closed pipe raises SIGPIPE as for any Unix
/// filter, unless the process ignores it, when EPIPE is an error like any other.
package final class FileDescriptorOutput: TextOutput {
    /// The process's standard output, buffered when it is not a terminal.
    package static let standardOutput = FileDescriptorOutput(fileDescriptor: 1, isBuffered: true)
    /// The process's standard error, never buffered.
    package static let standardError = FileDescriptorOutput(fileDescriptor: 2, isBuffered: false)

    static let capacity = 64 * 1024

    package let fileDescriptor: Int32
    package let isTerminal: Bool
    private let isBuffered: Bool
    private let pending = Locked<[UInt8]>([])
    private let failure = Locked<String?>(nil)

    /// An output writing to `fileDescriptor`; `isBuffered` is ignored for a terminal.
    package init(fileDescriptor: Int32, isBuffered: Bool) {
        self.fileDescriptor = fileDescriptor
        self.isTerminal = isatty(fileDescriptor) == 1
        self.isBuffered = isBuffered && !isTerminal
    }

    package var writeError: String? { failure.withLock { $0 } }

    package func write(_ text: TerminalText) {
        pending.withLock { bytes in
            bytes.append(contentsOf: text.rendered.utf8)
            if !isBuffered || bytes.count >= Self.capacity {
                send(bytes)
                bytes.removeAll(keepingCapacity: true)
            }
        }
    }

    package func flush() {
        pending.withLock { bytes in
            send(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
    }

    /// Writes `bytes` unless an earlier write failed; records the first failure.
    private func send(_ bytes: [UInt8]) {
        guard !bytes.isEmpty, writeError == nil else { return }
        if let error = Self.writeAll(bytes, to: fileDescriptor) { failure.withLock { $0 = $0 ?? error } }
    }

    /// Writes every byte, retrying after EINTR and partial writes; the reason it stopped early.
    static func writeAll(_ bytes: [UInt8], to fileDescriptor: Int32) -> String? {
        bytes.withUnsafeBytes { buffer -> String? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = SystemCall.write(fileDescriptor, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else if written < 0 {
                    return String(cString: strerror(errno))
                } else {
                    return "short write: \(offset) of \(buffer.count) bytes written"
                }
            }
            return nil
        }
    }
}
