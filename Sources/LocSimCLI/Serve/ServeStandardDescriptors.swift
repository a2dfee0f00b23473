import LocSimHTTPRecording
import LocSimSupport

/// The standard descriptors of `locsim serve`, which runs for a long time behind outputs a
/// harness may never read or may have closed.
enum ServeStandardDescriptors {
    /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed (`locsim serve >&-`),
    /// so the listening socket or the `--log` file can never take one of those numbers and
    /// receive what is meant for standard output or standard error.
    static func reopenClosed() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            // open(2) returns the lowest free number: this one, as the lower ones are open.
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// A writer for `output` that takes no lock another thread may hold: the raw descriptor of a
    /// ``FileDescriptorOutput`` (redacted as the context's outputs are), else `output` itself.
    /// Serving writes through it from one thread only, which may block on a pipe nobody reads
    /// without holding up the rest of the process.
    static func writer(for output: any TextOutput, redactor: Redactor) -> @Sendable (TerminalText) -> Void {
        let base = (output as? RedactingTextOutput)?.base ?? output
        guard let file = base as? FileDescriptorOutput else { return { output.write($0) } }
        let descriptor = file.fileDescriptor
        return { text in
            _ = FileDescriptorOutput.writeAll(Array(redactor.redactText(text.rendered).utf8), to: descriptor)
        }
    }

    /// Whether `output` takes a line now without waiting: not a descriptor, or one `poll(2)`
    /// says is writable.
    static func canWriteWithoutWaiting(_ output: any TextOutput) -> Bool {
        let base = (output as? RedactingTextOutput)?.base ?? output
        guard let file = base as? FileDescriptorOutput else { return true }
        var entry = pollfd(fd: file.fileDescriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLOUT) != 0
    }
}
