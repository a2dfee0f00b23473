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
    /// The scenario `name` under `recordings`, read with `app`'s settings table, or the error
    /// the command ends with.
    func loadScenario(named name: String, in recordings: URL, app: ReplayApp) throws -> Scenario {
        do throws(HarnessError) {
            return try Scenario.load(named: name, in: recordings, settings: app.settingsTable)
        } catch {
            throw error.commandError(self)
        }
    }
}
