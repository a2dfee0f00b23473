import Foundation
package import LocSimExport
package import LocSimHTTPRecording
package import LocSimReplay
import LocSimSupport

/// Everything a command may touch outside its arguments: output streams, environment, working
/// directory and the wall clock. Commands never reach the process directly, so tests run them
/// in memory with ``MemoryOutput`` and ``ManualWallClock``.
package struct CommandContext: Sendable {
    /// Results: help text, transcripts (`--format jsonl` prints nothing else here).
    package var stdout: any TextOutput
    /// Diagnostics, progress and usage errors.
    package var stderr: any TextOutput
    /// The process environment (secrets such as `AERIS_CLIENT_SECRET`, `CI`, `NO_COLOR`).
    package var environment: [String: String]
    /// The directory relative paths are resolved against.
    package var currentDirectory: String
    /// Real time, for `--realtime` pacing.
    package var clock: any WallClock
    /// The app replays drive: its registry resolves `--providers` and its endpoints `--base-url`.
    /// A build of your own can register providers and services here.
    package var app: ReplayApp
    /// The formats `locsim export --to` can name (and its `--help` lists): the built-ins, plus
    /// any a build of your own registers here.
    package var exportFormats: ExportFormatRegistry = .builtIn

    package init(
        stdout: any TextOutput,
        stderr: any TextOutput,
        environment: [String: String] = [:],
        currentDirectory: String,
        clock: any WallClock,
        app: ReplayApp = ReplayApp()
    ) {
        self.stdout = stdout
        self.stderr = stderr
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.clock = clock
        self.app = app
    }

    /// The real process: standard output and error, its environment, working directory and clock.
    package static func process(app: ReplayApp = ReplayApp()) -> CommandContext {
        CommandContext(
            stdout: FileDescriptorOutput.standardOutput,
            stderr: FileDescriptorOutput.standardError,
            environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath,
            clock: SystemWallClock(),
            app: app
        )
    }

    /// The redaction of everything the run prints or writes besides cassettes: the secrets the
    /// app declares, with their values from ``environment``.
    package var redactor: Redactor {
        Redactor(declarations: app.secrets, environment: environment)
    }

    /// This context with ``stdout`` and ``stderr`` redacted (``RedactingTextOutput``); itself
    /// when no secret is set.
    package func redactingOutput() -> CommandContext {
        let redactor = self.redactor
        guard !redactor.secrets.isEmpty, !(stdout is RedactingTextOutput) else { return self }
        var copy = self
        copy.stdout = RedactingTextOutput(base: stdout, redactor: redactor)
        copy.stderr = RedactingTextOutput(base: stderr, redactor: redactor)
        return copy
    }

    /// `error:`/`warning:` lines on ``stderr``, coloured when it is a terminal.
    package var diagnostics: Diagnostics {
        Diagnostics(output: stderr, environment: environment)
    }

    /// `path` made absolute against ``currentDirectory`` (absolute paths are returned unchanged).
    package func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let directory = currentDirectory.hasSuffix("/") ? String(currentDirectory.dropLast()) : currentDirectory
        return path.isEmpty || path == "." ? directory : "\(directory)/\(path)"
    }

    /// Checks that a folder option's value (`typed`, as given to `option`) names an existing
    /// folder; else a missing input (66): `nope: error: no such directory (--cassettes)`.
    func requireDirectory(_ typed: String, option: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolutePath(typed), isDirectory: &isDirectory),
            isDirectory.boolValue
        else { throw CommandFailure(.noInput, "\(typed): error: no such directory (\(option))") }
    }
}
