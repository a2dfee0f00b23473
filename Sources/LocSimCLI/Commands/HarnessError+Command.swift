import Foundation
import LocSimReplay
import LocSimScenarioHarness
import LocSimSupport

extension HarnessError {
    /// This error as a command ends with it: a usage error (64, three-line form) when it is one
    /// (an unknown scenario name, with "Did you mean"), else a failure with its exit status.
    func commandError(_ parsed: ParsedCommand) -> any Error {
        if isUsageError { return parsed.usageError(description) }
        return CommandFailure(ExitCode(rawValue: exitCode), TerminalText(lines: description))
    }
}

extension ParsedCommand {
    /// The scenario `name` under `recordings` (or at `name`, a path to a scenario folder
    /// elsewhere, resolved against `context`'s folder), read with `context`'s app's settings
    /// table, or the error the command ends with.
    func loadScenario(named name: String, in recordings: URL, context: CommandContext) throws -> Scenario {
        let argument = name.contains("/") ? context.absolutePath(name) : name
        do throws(HarnessError) {
            return try Scenario.load(named: argument, in: recordings, settings: context.app.settingsTable)
        } catch {
            throw error.commandError(self)
        }
    }
}
