import LocSimGPX
import LocSimSimulation
import LocSimSupport

extension NotificationName {
    /// The last transcript line of a replay that failed part-way (`code`, `message`).
    static let replayError: NotificationName = "replay_error"
}

extension ReplayRun {
    /// Ends a transcript that has started with a `replay_error` line, so that a consumer of
    /// stdout alone never takes a truncated transcript for a complete one. A replay that fails
    /// before its first line prints nothing.
    func reportFailure(_ error: ReplayError) {
        guard started else { return }
        let code =
            switch error.kind {
            case .missingInput: "missing-input"
            case .invalidInput: "invalid-input"
            case .unavailable: "unavailable"
            }
        let message = String(error.message.prefix { $0 != "\n" })
        sink(
            TranscriptLine(
                t: scheduler.now,
                notification: BusNotification(name: .replayError, userInfo: ["code": code, "message": message])))
    }
}
