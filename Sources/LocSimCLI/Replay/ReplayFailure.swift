import LocSimReplay
import LocSimSupport

/// Maps a replay that could not finish to its message and exit status (docs/contract.md, Exit statuses).
enum ReplayFailure {
    static func report(_ error: ReplayError, gpx: String, context: CommandContext) throws -> ExitCode {
        context.stderr.write(TerminalText(lines: error.message.hasSuffix("\n") ? error.message : error.message + "\n"))
        return status(error.kind)
    }

    /// The exit status of a replay that ended with an error of `kind`.
    static func status(_ kind: ReplayErrorKind) -> ExitCode {
        switch kind {
        case .missingInput: .noInput
        case .invalidInput: .dataError
        case .unavailable: .unavailable
        }
    }
}
