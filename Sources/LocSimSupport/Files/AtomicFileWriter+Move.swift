extension AtomicFileWriter {
    /// Puts the finished file at `source` in the place of `destination` with one ``rename`` (a
    /// reader sees the old file or the new one), then flushes the directory so the move survives
    /// a power cut: the last step of ``write(to:_:)``, and how files written into a staging
    /// folder on the same file system replace the old ones.
    package func move(_ source: String, to destination: String) throws(AtomicWriteError) {
        let code = rename(source, destination)
        guard code == 0 else { throw AtomicWriteError(path: destination, step: "rename failed", code: code) }
        let slash = destination.lastIndex(of: "/")
        let directory = slash.map { String(destination[..<$0]) } ?? "."
        Self.synchronizeDirectory(directory.isEmpty ? "/" : directory)
    }
}
