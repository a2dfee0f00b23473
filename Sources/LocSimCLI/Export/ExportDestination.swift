import Foundation
import LocSimExport
import LocSimHTTPRecording
import LocSimSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `-o` sends an export: stdout (one file, no `-o`), a file, or an existing directory.
/// A directory that does not exist is a missing input (66), checked before anything runs;
/// every file is replaced atomically (temporary file, then rename), scripts already executable.
struct ExportDestination {
    enum Target {
        case standardOutput
        case file(typed: String, path: String)
        case directory(typed: String, path: String)
    }

    let target: Target

    static func resolve(
        _ parsed: ParsedCommand, format: any ExportFormat, context: CommandContext
    ) throws -> ExportDestination {
        guard let typed = parsed.string("--output") else {
            if format.writesSeveralFiles {
                throw parsed.usageError("'--to \(format.name)' writes several files: give '-o <dir>'.")
            }
            return ExportDestination(target: .standardOutput)
        }
        let path = context.absolutePath(typed)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists, isDirectory.boolValue { return ExportDestination(target: .directory(typed: typed, path: path)) }
        if format.writesSeveralFiles || typed.hasSuffix("/") {
            if exists { throw parsed.usageError("'-o \(typed)' must be a directory for '--to \(format.name)'.") }
            throw CommandFailure(.noInput, "no such directory: \(typed) (-o)")
        }
        let parent = (path as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure(.noInput, "no such directory: \((typed as NSString).deletingLastPathComponent) (-o)")
        }
        return ExportDestination(target: .file(typed: typed, path: path))
    }

    /// Writes `files`: each atomically; all of them were made before the first is written. An
    /// output that is one of the export's `inputs` (its track, a cassette, a scenario's file) is
    /// refused before anything is written (74).
    func write(_ files: [ExportFile], context: CommandContext, inputs: [String] = []) throws {
        let outputs: [(file: ExportFile, path: String, shown: String, named: Bool)]
        switch target {
        case .standardOutput:
            for file in files { context.stdout.write(TerminalText(lines: file.text)) }
            return
        case .file(let typed, let path):
            outputs = files.map { ($0, path, typed, true) }
        case .directory(let typed, let path):
            let prefix = typed.hasSuffix("/") ? typed : typed + "/"
            outputs = files.map { ($0, path + "/" + $0.name, prefix + $0.name, false) }
        }
        for output in outputs where inputs.contains(where: { Self.isSameFile(output.path, $0) }) {
            throw CommandFailure(
                .ioError,
                "\(output.shown): error: is a file this export reads; it is not replaced (nothing was written): "
                    + "choose another -o")
        }
        for output in outputs {
            try Self.write(output.file, to: output.path, shownAs: output.shown, named: output.named, context: context)
        }
    }

    /// Whether `a` and `b` name one existing file (symbolic links followed).
    private static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Writes one file; `named`: the user named this path (`-o FILE`), so a device or FIFO there
    /// is written in place, where a name locsim chose in a folder is only ever a regular file.
    private static func write(
        _ file: ExportFile, to path: String, shownAs: String, named: Bool, context: CommandContext
    ) throws {
        let executable = file.isExecutable
        let writer = AtomicFileWriter(writesSpecialFilesInPlace: named) { source, destination in
            if executable, chmod(source, 0o755) != 0 { return errno }
            return SystemCall.rename(source, destination)
        }
        do throws(AtomicWriteError) {
            try writer.write(context.redactedForOutput(file.bytes), to: path)
        } catch {
            throw WriteFailure.failure(writing: shownAs, error)
        }
        context.diagnostics.note("wrote \(shownAs)")
    }
}
