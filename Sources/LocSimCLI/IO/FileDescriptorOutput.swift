import LocSimSupport
import Synchronization

/// Text output to a file descriptor: the process's standard output or standard error.
///
/// A buffered output collects up to 64 KiB before writing, unless the descriptor is a terminal,
/// where every write goes out at once. Write errors (a closed pipe) drop the text silently; the
/// process's SIGPIPE disposition decides what happens next, as for any Unix filter.
public final class FileDescriptorOutput: TextOutput {
    /// The process's standard output, buffered when it is not a terminal.
    public static let standardOutput = FileDescriptorOutput(fileDescriptor: 1, isBuffered: true)
    /// The process's standard error, never buffered.
    public static let standardError = FileDescriptorOutput(fileDescriptor: 2, isBuffered: false)

    static let capacity = 64 * 1024

    public let fileDescriptor: Int32
    public let isTerminal: Bool
    private let isBuffered: Bool
    private let pending = Mutex<[UInt8]>([])

    /// An output writing to `fileDescriptor`; `isBuffered` is ignored for a terminal.
    public init(fileDescriptor: Int32, isBuffered: Bool) {
        self.fileDescriptor = fileDescriptor
        self.isTerminal = isatty(fileDescriptor) == 1
        self.isBuffered = isBuffered && !isTerminal
    }

    public func write(_ text: String) {
        pending.withLock { bytes in
            bytes.append(contentsOf: text.utf8)
            if !isBuffered || bytes.count >= Self.capacity {
                Self.writeAll(bytes, to: fileDescriptor)
                bytes.removeAll(keepingCapacity: true)
            }
        }
    }

    public func flush() {
        pending.withLock { bytes in
            Self.writeAll(bytes, to: fileDescriptor)
            bytes.removeAll(keepingCapacity: true)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to fileDescriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = SystemCall.write(fileDescriptor, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
