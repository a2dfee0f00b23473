import LocSimReplay
import LocSimSupport

/// Maps a replay that could not finish to its message and exit status (docs/contract.md, Exit statuses).
enum ReplayFailure {
    static func report(_ error: ReplayError, gpx: String, context: CommandContext) throws -> ExitCode {
        context.stderr.write(TerminalText(lines: error.message.hasSuffix("\n") ? error.message : error.message + "\n"))
        switch error.kind {
        case .missingInput: return .noInput
        case .invalidInput: return .dataError
        case .unavailable: return .unavailable
        }
    }
}
