import CanonicalJSON
import GPX

/// `locsim validate FILE…`: every problem in every GPX file, or a summary of a good one.
enum ValidateCommand: LocSimCommand {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check GPX files and summarise them.",
        discussion: "Prints every problem it finds, compiler style (file:line:column: error: message), and exits 65 "
            + "when a file is invalid, 66 when one is missing. --format json prints one object per file and line.",
        arguments: [ArgumentSpec("gpx", help: "The GPX files to check.", arity: .oneOrMore)],
        options: [
            .option("--format", value: "format", help: "Output format.", default: "text", values: ["text", "json"])
        ]
    )

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        let json = parsed.string("--format") == "json"
        let validator = GPXValidator()
        var missing = false
        var invalid = false
        for file in parsed.arguments("gpx") {
            var validation = validator.validate(fileAt: context.absolutePath(file))
            validation.file = file
            validation.diagnostics = validation.diagnostics.map { diagnostic in
                var shown = diagnostic
                shown.file = file
                return shown
            }
            // A missing, unreadable or directory path is an input that cannot be opened (66).
            missing = missing || validation.diagnostics.contains { [.fileNotFound, .unreadableFile].contains($0.code) }
            invalid = invalid || !validation.isValid
            if json {
                context.stdout.write(validation.json.compact() + "\n")
            } else if validation.isValid {
                let length = TrackLength.measure(fileAt: context.absolutePath(file))
                context.stdout.write(ValidationSummaryText.text(validation, length: length))
            } else {
                for diagnostic in validation.diagnostics {
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
