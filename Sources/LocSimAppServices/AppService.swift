public import LocSimSimulation

/// Something of the app that reacts on the bus — the weather service, the push controller, or
/// a user's own: it observes notifications such as `LOCATION_AVAILABLE` and
/// `ADVISORY_AVAILABLE` and posts its own through its ``ServiceContext``.
///
/// A replay registers services in order after the transcript observer, so what they post
/// appears in the transcript (sorted keys, stamped with the virtual time). ``handle(_:context:)``
/// is `async` and may await (HTTP, its own actors…): the virtual clock stands still while it
/// runs, so the transcript stays a function of the inputs and the service's code. It runs on the
/// replay's own executor, not on the main actor: code that needs the main actor is not served.
public protocol AppService: Sendable {
    /// The name failures are reported under (`provider_error` {provider: name}).
    var name: String { get }
    /// The notifications it observes, in the order it wants them registered.
    var observedNotifications: [NotificationName] { get }
    /// Reacts to one observed notification. A thrown error becomes a `provider_error` event
    /// (a ``ProviderFailure`` keeps its code; any other error has code `service_error`).
    func handle(_ notification: BusNotification, context: ServiceContext) async throws
    /// How long (wall clock) one ``handle(_:context:)`` may take before it is given up as hung
    /// (`provider_error` code `timed_out`). Default: the context's ``ServiceContext/timeout``.
    func timeout(in context: ServiceContext) -> Duration
}

extension AppService {
    public func timeout(in context: ServiceContext) -> Duration { context.timeout }
}
