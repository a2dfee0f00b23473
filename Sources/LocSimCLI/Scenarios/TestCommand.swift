import Foundation
import LocSimHTTPRecording
import LocSimScenarioHarness
import LocSimScenarioReplay
import LocSimSupport

/// `locsim test [SCENARIO…]`: runs the scenarios under `Recordings/` offline, each strictly from
/// its own cassette, and compares every transcript byte for byte with its `expected.jsonl`.
enum TestCommand: LocSimCommand {
    static let spec = CommandSpec(
        name: "test",
        abstract: "Run the scenarios offline and compare their transcripts with expected.jsonl.",
        discussion: "Exit status 0 when every scenario passes, 1 when one fails, 65 when a scenario.json breaks "
            + "the schema. A transcript that differs because a request went unanswered (not_recorded) is reported "
            + "as a miss, with the command that records it; --update does not bless it without --accept-misses. "
            + "--update is refused when CI is set.",
        arguments: [
            ArgumentSpec("scenario", help: "Scenario names or folders (default: every scenario).", arity: .zeroOrMore)
        ],
        options: [
            .flag("--update", help: "Rewrite expected.jsonl where the transcript differs or is missing."),
            .flag(
                "--accept-misses",
                help: "With --update: also bless transcripts with requests no recording answers (not_recorded)."),
            .option("--junit", value: "file", help: "Also write a JUnit XML report to file."),
            .option("--shard", value: "i/n", help: "Run only shard i of n (deterministic split)."),
            .option("--jobs", value: "n", help: "Run n scenarios at once.", default: "1"),
            .option("--recordings", value: "dir", help: "The scenario folders.", default: "Recordings"),
        ]
    )

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        let jobs =
            try parsed.value("--jobs", expected: "a positive integer") { Int($0).flatMap { $0 >= 1 ? $0 : nil } } ?? 1
        let shard: Shard?
        do {
            shard = try parsed.string("--shard").map { text throws(HarnessError) in try Shard(parsing: text) }
        } catch {
            throw parsed.usageError(error.description)
        }
        if parsed.flag("--accept-misses"), !parsed.flag("--update") {
            throw parsed.usageError("'--accept-misses' requires '--update'.")
        }
        let recordings = URL(fileURLWithPath: context.absolutePath(parsed.string("--recordings") ?? "Recordings"))
        let options = TestOptions(
            // A path is resolved here, so one to a folder outside the recordings is refused, not
            // taken for the scenario of the same name.
            names: parsed.arguments("scenario").map { $0.contains("/") ? context.absolutePath($0) : $0 },
            update: parsed.flag("--update"),
            acceptMisses: parsed.flag("--accept-misses"),
            junitFile: parsed.string("--junit").map { URL(fileURLWithPath: context.absolutePath($0)) }, shard: shard,
            jobs: jobs)
        var executor = ReplayScenarioExecutor(app: context.app)
        executor.workingDirectory = context.currentDirectory
        var runner = TestRunner(
            recordingsDirectory: recordings, executor: executor,
            clock: MonotonicClock(),
            environment: context.environment)
        let redactor = context.redactor
        runner.redact = { redactor.redactText($0) }
        let progress = TestProgressLine(output: context.stderr)
        let callback: (@Sendable (TestProgress) -> Void)? = progress.map { line in
            { @Sendable event in line.show(event) }
        }
        let report: TestReport
        do throws(HarnessError) {
            report = try runner.run(options, progress: callback)
        } catch {
            progress?.clear()
            throw error.commandError(parsed)
        }
        progress?.clear()
        context.stdout.write(TerminalText(lines: report.output))
        let schemaBroken = report.results.contains {
            if case .invalidScenario = $0.outcome { return true }
            return false
        }
        return schemaBroken ? .dataError : ExitCode(rawValue: report.exitCode)
    }
}
