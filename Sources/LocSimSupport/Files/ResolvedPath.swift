/// A path with every symbolic link and `.`/`..` resolved (`realpath(3)`), also for a file that
/// does not exist yet (its folder resolved, its name kept): the one spelling of a file, so two
/// names of it (a symlinked scenario folder, `./Recordings/./x`) are seen as one.
package enum ResolvedPath {
    /// The resolved form of `path`: the file's own `realpath` when it exists, else its folder's
    /// followed by its name, else `path` unchanged (the folder is missing too).
    package static func of(_ path: String) -> String {
        if let whole = realPath(path) { return whole }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, name != ".", name != "..", let resolved = realPath(folder.isEmpty ? "/" : folder)
        else { return path }
        return resolved == "/" ? "/" + name : resolved + "/" + name
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
