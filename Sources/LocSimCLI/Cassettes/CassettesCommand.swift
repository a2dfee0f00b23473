import Foundation
import LocSimHTTPRecording
import LocSimReplay
import LocSimScenarioHarness
import LocSimScenarioReplay
import LocSimSupport

/// `locsim cassettes status [DIR|SCENARIO…] [--check] [--prune]`: cassette hygiene. Each
/// scenario runs offline from its cassette, as `locsim test` runs it, and the interactions that
/// answered nothing are listed; so are cassette files no scenario owns, duplicate interactions,
/// the recording dates, and secret-looking values that are not placeholders.
enum CassettesCommand: LocSimCommand {
    static let spec = CommandSpec(
        name: "cassettes",
        abstract: "Inspect cassettes (unused interactions, orphans, secrets); import and export HAR.",
        subcommands: [
            CommandSpec(
                name: "status",
                abstract: "Report unused interactions, orphan cassettes, duplicates, age and secret-looking values.",
                discussion: "Each scenario is run offline from its cassette.json (as 'locsim test' runs it) and every "
                    + "interaction that answered no request is listed. Other cassette files under the folders are "
                    + "orphans. Exit status 1 with --check when a problem is found (duplicates, identical recordings of a repeated request, are listed but are not problems). --prune rewrites each scenario's "
                    + "cassette without its unused interactions, atomically; it is refused when CI is set. Only what the "
                    + "replay recorded can be unused: an interaction recorded by 'serve --record', 'cassettes import' or "
                    + "LocSimCassetteSession (its \"origin\") is listed as not asked by the replay, and kept.",
                arguments: [
                    ArgumentSpec(
                        "target", help: "Recordings folders or scenario names (default: Recordings).",
                        arity: .zeroOrMore)
                ],
                options: [
                    .flag(
                        "--check", help: "Exit 1 when unused interactions, orphans or secret-looking values are found."),
                    .flag(
                        "--prune",
                        help: "Remove the unused interactions the replay recorded from each scenario's cassette."),
                ]
            ),
            CassettesImportCommand.spec,
            CassettesExportCommand.spec,
        ]
    )

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        switch parsed.commandPath.last {
        case CassettesImportCommand.spec.name: return try CassettesImportCommand.run(parsed, context)
        case CassettesExportCommand.spec.name: return try CassettesExportCommand.run(parsed, context)
        default: return try status(parsed, context)
        }
    }

    /// `locsim cassettes status`.
    private static func status(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        let prune = parsed.flag("--prune")
        if prune, let ci = context.environment["CI"], !ci.isEmpty {
            throw parsed.usageError("--prune is refused when CI is set (CI never rewrites cassettes).")
        }
        var targets = parsed.arguments("target")
        if targets.isEmpty { targets = ["Recordings"] }
        let executor = ReplayScenarioExecutor(app: context.app)
        // Paths, URLs and methods come from the folders and cassettes: interpolated into
        // TerminalText, their control characters are shown, never sent.
        var out: TerminalText = ""
        var problems = 0
        for target in targets {
            let (recordings, scenarios) = try resolve(target, context: context)
            let owned = Set(scenarios.map { $0.location.cassetteURL.standardizedFileURL.path })
            for scenario in scenarios {
                let path = scenario.location.cassetteURL.path
                let cassette: Cassette
                do {
                    guard let loaded = try CassetteStore.loadIfPresent(path) else { continue }
                    cassette = loaded
                } catch {
                    throw CommandFailure(.dataError, TerminalText(lines: error.description))
                }
                let used: Set<Int>
                do {
                    used = try executor.usedInteractions(scenario)
                } catch let error as ReplayError {
                    // A missing or broken track: the input's status (66, 65), not an internal error.
                    var message = error.message.trimmingCharacters(in: .newlines)
                    if scenario.missingTrack == nil {
                        message += " (the track of \(scenario.location.scenarioFilePath))"
                    }
                    throw CommandFailure(ReplayFailure.status(error.kind), TerminalText(lines: message))
                }
                // Only what the replay recorded can be shown unused: what an app recorded
                // (`serve --record`, `LocSimCassetteSession`) or an import brought in is kept.
                let notAsked = cassette.interactions.indices.filter { !used.contains($0) }
                let unused = notAsked.filter { cassette.interactions[$0].origin == nil }
                let kept = notAsked.filter { cassette.interactions[$0].origin != nil }
                let report = describe(
                    scenario.location.cassettePath, cassette, unused: unused, keptUnasked: kept,
                    redactor: Redactor(declarations: context.app.secrets, environment: context.environment))
                out += report.text
                problems += report.problems
                if prune, !unused.isEmpty {
                    var pruned = cassette
                    pruned.interactions = cassette.interactions.enumerated().filter { !unused.contains($0.offset) }
                        .map(\.element)
                    do {
                        try AtomicFileWriter().write(pruned.text(), to: path)
                    } catch {
                        throw CommandFailure(.ioError, "\(scenario.location.cassettePath): \(error)")
                    }
                    out += "  pruned \(unused.count) unused interaction\(unused.count == 1 ? "" : "s")\n"
                }
            }
            let found: [(path: String, cassette: Cassette)]
            do {
                found = try CassetteStore.discover(in: recordings.path)
            } catch {
                throw CommandFailure(.dataError, TerminalText(lines: error.description))
            }
            for item in found where !owned.contains(URL(fileURLWithPath: item.path).standardizedFileURL.path) {
                out +=
                    "\(displayPath(item.path, context)): orphan: no scenario owns this cassette "
                    + "(\(item.cassette.interactions.count) interaction\(item.cassette.interactions.count == 1 ? "" : "s"))\n"
                problems += 1
            }
        }
        out += problems == 0 ? "no problems found\n" : "\(problems) problem\(problems == 1 ? "" : "s") found\n"
        context.stdout.write(out)
        return parsed.flag("--check") && problems > 0 && !prune ? .failure : .success
    }

    /// The recordings folder and the scenarios a target names.
    private static func resolve(
        _ target: String, context: CommandContext
    ) throws -> (URL, [Scenario]) {
        // `./Recordings/./x`, `Recordings/x/`: one spelling, whose last component is the name.
        let url = URL(fileURLWithPath: context.absolutePath(target)).standardizedFileURL
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        do throws(HarnessError) {
            if exists, isDirectory.boolValue,
                !FileManager.default.fileExists(atPath: url.appendingPathComponent("scenario.json").path)
            {
                return (
                    url,
                    try ScenarioCatalog.discover(in: url).scenarios.map { location throws(HarnessError) in
                        try Scenario.load(location, settings: context.app.settingsTable)
                    }
                )
            }
            let recordings = URL(fileURLWithPath: context.absolutePath("Recordings"))
            let scenario = try Scenario.load(
                named: exists ? url.lastPathComponent : target,
                in: exists ? url.deletingLastPathComponent() : recordings,
                settings: context.app.settingsTable)
            return (scenario.location.directory, [scenario])
        } catch {
            throw CommandFailure(ExitCode(rawValue: error.exitCode), TerminalText(lines: error.description))
        }
    }

    /// One cassette's lines and how many problems they name.
    /// `keptUnasked`: interactions the replay did not ask for that another recorder made
    /// (``InteractionOrigin``), listed but neither problems nor pruned.
    static func describe(
        _ path: String, _ cassette: Cassette, unused: [Int], keptUnasked: [Int] = [], redactor: Redactor
    ) -> (text: TerminalText, problems: Int) {
        let hygiene = CassetteHygiene(cassette, redactor: redactor)
        let count = cassette.interactions.count
        var text: TerminalText = "\(path): \(count) interaction\(count == 1 ? "" : "s")"
        if !hygiene.oldest.isEmpty {
            text +=
                hygiene.oldest == hygiene.newest
                ? ", recorded \(hygiene.oldest)" : ", recorded \(hygiene.oldest) to \(hygiene.newest)"
        }
        text += "\n"
        var problems = 0
        if !unused.isEmpty {
            let places = unused.map { describeInteraction($0, cassette) }
            text += "  unused: \(places.joined(separator: "; "))\n"
            problems += unused.count
        }
        if !keptUnasked.isEmpty {
            let places = keptUnasked.map {
                describeInteraction($0, cassette)
                    + (cassette.interactions[$0].origin.map { " recorded by \($0)" } ?? "")
            }
            text += "  not asked by the replay, kept: \(places.joined(separator: "; "))\n"
        }
        // Identical recordings are how a device asking twice is recorded: reported, not a problem.
        for duplicate in hygiene.duplicates {
            text += "  duplicate: interaction \(duplicate.index) repeats interaction \(duplicate.original)\n"
        }
        for place in hygiene.secretLooking {
            text += "  secret-looking value, not a placeholder: \(place)\n"
            problems += 1
        }
        // The keys set in the environment, found in any spelling the recorder's own check knows
        // (`Redactor.leaks`): a cassette is never called clean while it holds one.
        for leak in redactor.leaks(inText: cassette.text()) {
            text += "  secret value: \(leak)\n"
            problems += 1
        }
        return (text, problems)
    }

    private static func describeInteraction(_ index: Int, _ cassette: Cassette) -> String {
        let request = cassette.interactions[index].request
        return "interaction \(index) (\(request.method) \(request.url))"
    }

    private static func displayPath(_ path: String, _ context: CommandContext) -> String {
        let base = context.currentDirectory.hasSuffix("/") ? context.currentDirectory : context.currentDirectory + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
