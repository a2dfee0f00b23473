import Foundation
import LocSimCLI
import LocSimExport

/// Runs `locsim` in memory, in the repository (so `Waypoints/` and `Recordings/` resolve) or in
/// a directory of the test's own.
struct ExportRun {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    var status: ExitCode
    var stdout: String
    var stderr: String

    static func run(
        _ arguments: [String], in directory: String = repository.path, environment: [String: String] = [:],
        clock: any WallClock = ManualWallClock(), exportFormats: ExportFormatRegistry = .builtIn
    ) -> ExportRun {
        let stdout = MemoryOutput()
        let stderr = MemoryOutput()
        var context = CommandContext(
            stdout: stdout, stderr: stderr, environment: environment, currentDirectory: directory, clock: clock)
        context.exportFormats = exportFormats
        let status = LocSim.run(arguments: arguments, context: context)
        return ExportRun(status: status, stdout: stdout.text, stderr: stderr.text)
    }

    /// A fresh empty directory under the temporary directory.
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("locsim-export-\(UUID().uuidString)", isDirectory: true).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The files in `directory` (not its subdirectories), sorted, with their contents.
    static func files(in directory: String) throws -> [(name: String, data: Data)] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted().compactMap { name in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory)
            if isDirectory.boolValue { return nil }
            return (name, try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
        }
    }
}
