import LocSimSupport

/// Opens `serve --log FILE` for writing: a regular file is created, or emptied by ``startAfresh(_:)``
/// once the server listens (a run that cannot bind its port leaves the last run's log); a device or a
/// FIFO is written in place (a FIFO no process reads is refused at once, never waited for). A
/// symbolic link to a regular file is refused: the log never truncates a file through a link
/// it was not given (a repository can commit `serve.log -> ~/.bashrc`).
enum ServeLogFile {
    /// The open descriptor, or the reason it cannot be opened (`is a symbolic link …`).
    static func openForWriting(_ path: String) -> Result<Int32, Failure> {
        var descriptor = open(
            path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == ELOOP {
            var target = stat()
            guard stat(path, &target) == 0 else {
                return .failure(
                    Failure(
                        reason: "is a symbolic link to nothing (or to what cannot be reached); give a file's own path "
                            + "(nothing was written)"))
            }
            if target.st_mode & S_IFMT == S_IFDIR {
                return .failure(Failure(reason: "is a symbolic link to a directory"))
            }
            guard target.st_mode & S_IFMT != S_IFREG else {
                return .failure(
                    Failure(
                        reason: "is a symbolic link to a file; give the file's own path (nothing was written)"))
            }
            descriptor = open(path, O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC)
        }
        guard descriptor >= 0 else {
            let code = errno
            if code == ENXIO { return .failure(Failure(reason: "no process reads this FIFO (nothing was written)")) }
            return .failure(Failure(reason: SystemCall.lowercasedErrorText(code)))
        }
        // Written blocking, as any output: a FIFO's reader sets the pace.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return .success(descriptor)
    }

    /// Empties the log `descriptor` when it is a regular file (appends then start at its beginning).
    static func startAfresh(_ descriptor: Int32) {
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG { _ = ftruncate(descriptor, 0) }
    }

    /// Why the log cannot be opened.
    struct Failure: Error {
        var reason: String
    }
}
