import Foundation
import LocSimSupport

/// `serve --ready-file FILE` (docs/serve.md): the file that says "listening" to a script. It
/// never replaces or deletes anything but a ready file: ``claim(_:)`` accepts a path that names
/// nothing, or a regular file holding nothing but a base URL line (what an earlier run left when
/// it was killed: removed, so a waiting script never reads a stale URL); anything else is refused
/// untouched. ``write(_:)`` makes the file appear whole and only where nothing is (`link(2)` of a
/// new temporary file), and ``Written/remove()`` deletes only that file, identified by device,
/// inode and content.
struct ReadyFile {
    /// The absolute path.
    let path: String

    /// The file this run wrote: what ``remove()`` checks before deleting it.
    struct Written {
        let path: String
        let device: UInt64
        let inode: UInt64
        let contents: [UInt8]

        /// Deletes the file if `path` still names it: the same device and inode, a regular file,
        /// the same bytes. Anything else there (replaced, edited) is left alone.
        func remove() {
            guard let found = ReadyFile.read(path, atMost: contents.count + 1), found.device == device,
                found.inode == inode, found.bytes == contents
            else { return }
            unlink(path)
        }
    }

    /// Why a path is refused: what it names ("a directory").
    struct Refusal: Error {
        var names: String
    }

    /// Checks what `path` names before anything is written: nothing (fine), a stale ready file
    /// (removed), or anything else (refused, left as it is).
    static func claim(_ path: String) throws(Refusal) -> ReadyFile {
        var info = stat()
        guard lstat(path, &info) == 0 else { return ReadyFile(path: path) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Refusal(names: "a directory")
        case S_IFLNK: throw Refusal(names: "a symbolic link")
        case S_IFCHR, S_IFBLK: throw Refusal(names: "a device")
        case S_IFIFO: throw Refusal(names: "a FIFO")
        default: throw Refusal(names: "a socket")
        }
        guard let found = read(path, atMost: maxBytes + 1), found.device == UInt64(truncatingIfNeeded: info.st_dev),
            found.inode == UInt64(truncatingIfNeeded: info.st_ino), isBaseURLLine(found.bytes)
        else { throw Refusal(names: "a file that is not a ready file (its content is not one http://HOST:PORT line)") }
        unlink(path)
        return ReadyFile(path: path)
    }

    /// Writes `url` and a newline: a new temporary file beside the path (`O_CREAT|O_EXCL|O_NOFOLLOW`),
    /// hard-linked to the path, which fails rather than replace anything that appeared there since
    /// ``claim(_:)``. On a file system without hard links, renamed into place if the path is still free.
    func write(_ url: String) throws(AtomicWriteError) -> Written {
        let contents = Array((url + "\n").utf8)
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var descriptor: Int32 = -1
        var temporary = ""
        for attempt in 0..<100 {
            temporary = "\(directory)/.\(name).tmp-\(getpid())-\(attempt)"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else {
            throw AtomicWriteError(path: path, step: "cannot create a temporary file in \(directory)", code: errno)
        }
        defer { unlink(temporary) }
        var info = stat()
        let written = contents.withUnsafeBytes { SystemCall.write(descriptor, $0.baseAddress, $0.count) }
        let writeError = written < 0 ? errno : EIO
        let identified = fstat(descriptor, &info) == 0
        guard close(descriptor) == 0, identified, written == contents.count else {
            throw AtomicWriteError(path: path, step: "cannot write", code: writeError)
        }
        if link(temporary, path) != 0 {
            let code = errno
            var existing = stat()
            guard [EPERM, EOPNOTSUPP, EXDEV, EMLINK].contains(code), lstat(path, &existing) != 0, errno == ENOENT
            else { throw AtomicWriteError(path: path, step: "cannot create", code: code) }
            let renamed = SystemCall.rename(temporary, path)
            guard renamed == 0 else { throw AtomicWriteError(path: path, step: "cannot create", code: renamed) }
        }
        return Written(
            path: path, device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
            contents: contents)
    }

    /// The longest ready file there is: `http://` and a bracketed IPv6 address with a port.
    static let maxBytes = 64

    /// Whether `bytes` are one `http://HOST:PORT` line, as ``write(_:)`` writes it.
    static func isBaseURLLine(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.count <= maxBytes, text.hasPrefix("http://"), text.hasSuffix("\n"),
            let colon = text.lastIndex(of: ":")
        else { return false }
        let host = text[text.index(text.startIndex, offsetBy: 7)..<colon]
        let port = text[text.index(after: colon)..<text.index(before: text.endIndex)]
        let hostBytes: Set<Character> = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
        return !host.isEmpty && host.allSatisfy(hostBytes.contains) && (1...5).contains(port.count)
            && port.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The device, inode and first `count` bytes of the regular file `path` names (not followed
    /// if it is a link; never waiting on a FIFO), or `nil`.
    static func read(_ path: String, atMost count: Int) -> (device: UInt64, inode: UInt64, bytes: [UInt8])? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes[filled...].withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            guard got > 0 else { break }
            filled += got
        }
        return (
            UInt64(truncatingIfNeeded: info.st_dev), UInt64(truncatingIfNeeded: info.st_ino), Array(bytes[..<filled])
        )
    }
}
