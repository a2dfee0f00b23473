import LocSimLocationCore

/// The flags of `CLMonitor.Event` that come from the app's authorization and state rather than
/// from a condition (``MonitorEvent``'s other flags are the condition's own): what a
/// ``MonitorLog`` stamps on each event, and posts again for every served condition when it changes.
struct MonitorDiagnostics: Sendable, Hashable {
    var accuracyLimited = false
    var authorizationDenied = false
    var authorizationDeniedGlobally = false
    var authorizationRequestInProgress = false
    var authorizationRestricted = false
    var insufficientlyInUse = false
    var serviceSessionRequired = false

    init() {}

    /// The flags of `engine`'s state, as a session of no authorization requirement sees them
    /// (``ServiceSession/Diagnostic``); `accuracyLimited` while Precise Location is off.
    init(engine: LocationEngine, sessionRequiresInUse: Bool) {
        let session = ServiceSession.Diagnostic(
            authorization: .none, fullAccuracy: false, engine: engine, requiresInUse: sessionRequiresInUse)
        accuracyLimited = engine.accuracyAuthorization == .reducedAccuracy
        authorizationDenied = session.authorizationDenied
        authorizationDeniedGlobally = session.authorizationDeniedGlobally
        authorizationRequestInProgress = session.authorizationRequestInProgress
        authorizationRestricted = session.authorizationRestricted
        insufficientlyInUse = session.insufficientlyInUse
        serviceSessionRequired = session.serviceSessionRequired
    }

    /// `event` with these flags.
    func stamped(_ event: MonitorEvent) -> MonitorEvent {
        var event = event
        event.accuracyLimited = accuracyLimited
        event.authorizationDenied = authorizationDenied
        event.authorizationDeniedGlobally = authorizationDeniedGlobally
        event.authorizationRequestInProgress = authorizationRequestInProgress
        event.authorizationRestricted = authorizationRestricted
        event.insufficientlyInUse = insufficientlyInUse
        event.serviceSessionRequired = serviceSessionRequired
        return event
    }

    /// The flags that are set, by Apple's names (for the transcript's `monitor_event` line).
    var names: [String] {
        let flags: [(name: String, isSet: Bool)] = [
            ("accuracyLimited", accuracyLimited), ("authorizationDenied", authorizationDenied),
            ("authorizationDeniedGlobally", authorizationDeniedGlobally),
            ("authorizationRequestInProgress", authorizationRequestInProgress),
            ("authorizationRestricted", authorizationRestricted), ("insufficientlyInUse", insufficientlyInUse),
            ("serviceSessionRequired", serviceSessionRequired),
        ]
        return flags.filter(\.isSet).map(\.name)
    }
}

extension MonitorDiagnostics {
    /// The flags `event` carries.
    init(of event: MonitorEvent) {
        accuracyLimited = event.accuracyLimited
        authorizationDenied = event.authorizationDenied
        authorizationDeniedGlobally = event.authorizationDeniedGlobally
        authorizationRequestInProgress = event.authorizationRequestInProgress
        authorizationRestricted = event.authorizationRestricted
        insufficientlyInUse = event.insufficientlyInUse
        serviceSessionRequired = event.serviceSessionRequired
    }
}
