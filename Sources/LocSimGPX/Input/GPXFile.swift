import LocSimSupport

/// A GPX file opened once for a whole command: every pass over it — each lap of a replay, the
/// look-ahead over a long untimed run — reads the same descriptor at its own offset (`pread`),
/// so the file is opened once however often it is read, and every pass sees the same file even
/// if its path is replaced meanwhile.
///
/// Opening is deferred to the first pass, which reports a missing or unreadable file exactly as
/// a read by path does (`GPXError` `.fileNotFound`, `.unreadableFile`).
package final class GPXFile: Sendable {
    /// The path, as given (relative paths resolve against the working directory).
    package let path: String
    private let state = Locked<State>(.closed)

    private enum State: Sendable {
        case closed
        case open(Int32)
        case failed(FileChunkReader.Failure)
    }

    /// Names the file at `path`; nothing is opened yet.
    package init(path: String) {
        self.path = path
    }

    deinit {
        if case .open(let descriptor) = state.withLock({ $0 }) { close(descriptor) }
    }

    /// The open descriptor, opening the file on first use.
    func descriptor() throws(FileChunkReader.Failure) -> Int32 {
        let result: Result<Int32, FileChunkReader.Failure> = state.withLock { state in
            switch state {
            case .open(let descriptor): return .success(descriptor)
            case .failed(let failure): return .failure(failure)
            case .closed:
                Self.countOpen(path)
                let descriptor = open(path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else {
                    let code = errno
                    let failure: FileChunkReader.Failure =
                        code == ENOENT || code == ENOTDIR
                        ? .notFound : .unreadable(SystemCall.lowercasedErrorText(code))
                    state = .failed(failure)
                    return .failure(failure)
                }
                state = .open(descriptor)
                return .success(descriptor)
            }
        }
        return try result.get()
    }

    /// How many times the GPX reader has opened `path` in this process, by a `GPXFile` or by
    /// path (for tests that check a command opens its track once).
    package static func openCount(of path: String) -> Int {
        opens.withLock { $0[path] ?? 0 }
    }

    static func countOpen(_ path: String) {
        opens.withLock { $0[path, default: 0] += 1 }
    }

    private static let opens = Locked<[String: Int]>([:])
}
