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
        /// Open; a descriptor that cannot seek (a pipe) serves one pass.
        case open(Int32, seekable: Bool)
        case failed(FileChunkReader.Failure)
    }

    /// Names the file at `path`; nothing is opened yet.
    package init(path: String) {
        self.path = path
    }

    deinit {
        if case .open(let descriptor, _) = state.withLock({ $0 }) { close(descriptor) }
    }

    /// The descriptor for one more pass, opening the file on first use, and whether it can seek
    /// (each pass then reads at its own offset). A second pass over a pipe is refused.
    func descriptorForPass() throws(FileChunkReader.Failure) -> (descriptor: Int32, seekable: Bool) {
        let result: Result<(Int32, Bool), FileChunkReader.Failure> = state.withLock { state in
            switch state {
            case .open(let descriptor, let seekable):
                guard seekable else {
                    return .failure(
                        .unreadable(
                            "a pipe can be read only once; --loop and long untimed runs read the track again: "
                                + "give a regular file"))
                }
                return .success((descriptor, seekable))
            case .failed(let failure): return .failure(failure)
            case .closed:
                Self.countOpen(path)
                do throws(FileChunkReader.Failure) {
                    let descriptor = try FileChunkReader.openForReading(path)
                    var info = stat()
                    let seekable = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
                    if seekable {
                        // Regular files never block: reads wait as usual from here on.
                        let flags = fcntl(descriptor, F_GETFL)
                        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
                    }
                    state = .open(descriptor, seekable: seekable)
                    return .success((descriptor, seekable))
                } catch {
                    state = .failed(error)
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    /// Whether the path names a regular file (which every pass can read), without opening it.
    package var isRegularFile: Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
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
