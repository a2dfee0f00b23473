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

    /// Each flag: Apple's name, here and on ``MonitorEvent``.
    private static let flags:
        [(
            name: String, here: any WritableKeyPath<MonitorDiagnostics, Bool> & Sendable,
            event: any WritableKeyPath<MonitorEvent, Bool> & Sendable
        )] =
            [
                ("accuracyLimited", \.accuracyLimited, \.accuracyLimited),
                ("authorizationDenied", \.authorizationDenied, \.authorizationDenied),
                ("authorizationDeniedGlobally", \.authorizationDeniedGlobally, \.authorizationDeniedGlobally),
                ("authorizationRequestInProgress", \.authorizationRequestInProgress, \.authorizationRequestInProgress),
                ("authorizationRestricted", \.authorizationRestricted, \.authorizationRestricted),
                ("insufficientlyInUse", \.insufficientlyInUse, \.insufficientlyInUse),
                ("serviceSessionRequired", \.serviceSessionRequired, \.serviceSessionRequired),
            ]

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

    /// The flags `event` carries.
    init(of event: MonitorEvent) {
        for flag in Self.flags { self[keyPath: flag.here] = event[keyPath: flag.event] }
    }

    /// `event` with these flags.
    func stamped(_ event: MonitorEvent) -> MonitorEvent {
        var event = event
        for flag in Self.flags { event[keyPath: flag.event] = self[keyPath: flag.here] }
        return event
    }

    /// The flags that are set, by Apple's names (for the transcript's `monitor_event` line).
    var names: [String] { Self.flags.filter { self[keyPath: $0.here] }.map(\.name) }
}
