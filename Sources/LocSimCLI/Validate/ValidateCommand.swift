import Foundation
import LocSimCanonicalJSON
import LocSimGPX
import LocSimScenarioReplay
import LocSimSettings
import LocSimSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `locsim validate FILE…`: every problem in every GPX file, or a summary of a good one.
enum ValidateCommand: LocSimCommand {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check GPX files and summarise them.",
        discussion: "Prints every problem it finds, compiler style (file:line:column: error: message), and exits 65 "
            + "when a file is invalid, 66 when one is missing. What a replay repairs is a warning, once per kind "
            + "(file:line:column: warning: message); --strict makes warnings errors. --format json prints one "
            + "object per file and line.",
        arguments: [ArgumentSpec("gpx", help: "The GPX files to check.", arity: .oneOrMore)],
        options: [
            .option("--format", value: "format", help: "Output format.", default: "text", values: ["text", "json"]),
            .option(
                "--max-gap", value: "s", help: "Warn about gaps between timed points longer than s seconds.",
                default: ReplaySettingSpec.named(flag: "--max-gap")?.text(of: ReplayOptions.defaults)),
            .flag("--strict", help: "Treat warnings as errors."),
        ]
    )

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        let json = parsed.string("--format") == "json"
        let maxGap =
            try parsed.value("--max-gap", expected: "a number of seconds ≥ 0") {
                Double($0).flatMap { $0 >= 0 && !$0.isNaN ? $0 : nil }
            } ?? ReplayOptions.defaults.maxGap
        let validator = GPXValidator(options: GPXReaderOptions(maxGap: maxGap, strict: parsed.flag("--strict")))
        var missing = false
        var invalid = false
        for file in parsed.arguments("gpx") {
            // A pipe (`<(…)`, /dev/stdin) or a device can be read only once: it is validated and
            // measured in one streaming pass, never held in memory, so `/dev/zero` is refused as
            // early as `replay` refuses it. Files are streamed twice.
            let path = context.absolutePath(file)
            var streamed: TrackLength.Accumulator?
            var validation: GPXValidation
            if Self.isStream(path) {
                var accumulator = TrackLength.Accumulator()
                validation = validator.validate(fileAt: path) { accumulator.add($0) }
                streamed = accumulator
            } else {
                validation = validator.validate(fileAt: path)
            }
            validation.file = file
            let named = { (diagnostic: GPXDiagnostic) -> GPXDiagnostic in
                var shown = diagnostic
                shown.file = file
                return shown
            }
            validation.diagnostics = validation.diagnostics.map(named)
            validation.warnings = validation.warnings.map(named)
            // A missing, unreadable or directory path is an input that cannot be opened (66).
            missing = missing || validation.diagnostics.contains { [.fileNotFound, .unreadableFile].contains($0.code) }
            invalid = invalid || !validation.isValid
            if json {
                context.stdout.write(TerminalText(lines: validation.json.compact() + "\n"))
            } else if validation.isValid {
                let length = streamed.map(\.length) ?? TrackLength.measure(fileAt: path)
                context.stdout.write(ValidationSummaryText.text(validation, length: length))
                for warning in validation.warnings { context.stderr.write("\(warning.description)\n") }
            } else {
                for diagnostic in validation.diagnostics + validation.warnings {
                    context.stderr.write("\(diagnostic.description)\n")
                }
                // The `too many errors` line says where the count stopped; it is not an error itself.
                let count = validation.diagnostics.count { $0.code != .tooManyErrors }
                let more = validation.diagnostics.contains { $0.code == .tooManyErrors } ? " (or more)" : ""
                context.stderr.write("\(file): \(count)\(more) error\(count == 1 ? "" : "s")\n")
            }
        }
        if missing { return .noInput }
        return invalid ? .dataError : .success
    }

    /// Whether `path` is a pipe, socket or character device (not a regular file or directory).
    static func isStream(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        let type = status.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK
    }
}
