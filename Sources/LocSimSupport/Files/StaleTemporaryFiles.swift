/// The temporary files of ``AtomicFileWriter``: `.<name>.tmp-<pid>-<random>` next to the file
/// `<name>` being written. A writer killed before its rename (`kill -9`, a power cut) leaves
/// one behind, as large as what it had written; the next write of the same file removes those
/// whose process is gone.
package enum StaleTemporaryFiles {
    /// A new temporary name for `name`, written by this process: unpredictable, so nothing can
    /// be planted at it in advance.
    static func newName(of name: String) -> String {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return ".\(name).tmp-\(getpid())-\(random)"
    }

    /// The process id in `entry` when it is a temporary name of `name` (this build's or an older
    /// build's `.<name>.tmp-<pid>-<n>`), else `nil`.
    package static func writer(of entry: String, for name: String) -> Int32? {
        let stem = ".\(name).tmp-"
        guard entry.hasPrefix(stem) else { return nil }
        let rest = entry.dropFirst(stem.count)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, rest.dropFirst(digits.count).first == "-" else { return nil }
        return Int32(digits)
    }

    /// Removes, in `directory`, the temporary files of `name` whose writer no longer runs: only
    /// regular files (a symbolic link or anything else at such a name is left alone). Returns
    /// the names removed.
    @discardableResult
    package static func remove(of name: String, in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        var entries: [String] = []
        while let entry = readdir(stream) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            entries.append(entryName)
        }
        closedir(stream)
        var removed: [String] = []
        for entry in entries.sorted() {
            guard let pid = writer(of: entry, for: name), pid != getpid(), !isRunning(pid) else { continue }
            let path = directory + "/" + entry
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if unlink(path) == 0 { removed.append(entry) }
        }
        return removed
    }

    /// Whether process `pid` is alive (another user's counts: `EPERM`).
    static func isRunning(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
