import Foundation
import LocSimSupport

/// The one mapping of a failed write to an exit status and a sentence, for every command
/// (docs/cli.md, "Write failures"): whatever the output (a cassette, a map, an export, a
/// scenario folder, a JUnit report) and whatever the cause (`ENOSPC`, `EDQUOT`, `EROFS`,
/// `EACCES`, `EPERM`, `EIO`, a directory where a file should be), the exit status is 74
/// (`EX_IOERR`) and the message names the path and the C library's reason, never a Foundation
/// error dump.
enum WriteFailure {
    /// 74 (`EX_IOERR`).
    static let exitCode = ExitCode.ioError

    /// The reason `error` gives, in the C library's words where it carries an `errno`
    /// (`no space left on device`).
    static func reason(_ error: any Error) -> String {
        if let atomic = error as? AtomicWriteError { return atomic.reason }
        if let code = posixCode(error as NSError) { return SystemCall.lowercasedErrorText(code) }
        return (error as NSError).localizedDescription
    }

    /// `cannot write PATH: REASON` as a failure exiting 74.
    static func failure(writing path: String, _ error: any Error) -> CommandFailure {
        CommandFailure(exitCode, "cannot write \(path): \(reason(error))")
    }

    /// Creates the directory at `path` and its missing parents (`mkdir -p`); on failure, the
    /// C library's reason (`not a directory`), which Foundation's own call does not give.
    static func createDirectories(atPath path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0, errno != EEXIST { return SystemCall.lowercasedErrorText(errno) }
            var info = stat()
            if stat(prefix, &info) != 0 || info.st_mode & S_IFMT != S_IFDIR {
                return SystemCall.lowercasedErrorText(ENOTDIR)
            }
            prefix += "/"
        }
        return nil
    }

    /// The `errno` of `error` or of the error under it (Foundation wraps POSIX errors).
    private static func posixCode(_ error: NSError) -> Int32? {
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError { return posixCode(underlying) }
        return nil
    }
}
