import CanonicalJSON
import GPX
import LocSimSettings
import Scenarios

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
            var validation = validator.validate(fileAt: context.absolutePath(file))
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
                context.stdout.write(validation.json.compact() + "\n")
            } else if validation.isValid {
                let length = TrackLength.measure(fileAt: context.absolutePath(file))
                context.stdout.write(ValidationSummaryText.text(validation, length: length))
                for warning in validation.warnings { context.stderr.write(warning.description + "\n") }
            } else {
                for diagnostic in validation.diagnostics + validation.warnings {
                    context.stderr.write(diagnostic.description + "\n")
                }
                let count = validation.diagnostics.count
                context.stderr.write("\(file): \(count) error\(count == 1 ? "" : "s")\n")
            }
        }
        if missing { return .noInput }
        return invalid ? .dataError : .success
    }
}
