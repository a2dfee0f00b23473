import Foundation
import LocSimScenarioHarness
import LocSimSupport

/// `locsim replay --scenario NAME`: the scenario under `--cassettes` (default `Recordings/`)
/// whose track, settings and cassette the replay uses. Settings flags given as well apply over
/// the scenario's; `<gpx>`, `--cassette` and `--record` are refused with it (the track and the
/// cassette are the scenario's; `locsim record NAME` records it).
enum ScenarioOption {
    static let option = OptionSpec.option(
        "--scenario", value: "name",
        help: "Replay a scenario: its track, its settings (flags given apply over them) and strictly its cassette.")

    /// The scenario `--scenario` names, or `nil` without the option.
    static func load(_ parsed: ParsedCommand, _ context: CommandContext) throws -> Scenario? {
        guard parsed.spec.option(named: "--scenario") != nil, let name = parsed.string("--scenario") else { return nil }
        if parsed.argument("gpx") != nil {
            throw parsed.usageError("'--scenario <name>' replays the scenario's own track; leave out '<gpx>'.")
        }
        for option in ["--cassette", "--record"] where parsed.isSpecified(option) {
            throw parsed.usageError(
                "'--scenario <name>' replays strictly from the scenario's cassette; leave out '\(option)' "
                    + "(to record it: locsim record \(ShellQuote.quote(name))).")
        }
        let recordings = URL(fileURLWithPath: context.absolutePath(parsed.string("--cassettes") ?? "Recordings"))
        return try parsed.loadScenario(named: name, in: recordings, context: context)
    }
}
