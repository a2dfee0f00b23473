public import LocSimHTTPRecording
public import LocSimSimulation
public import LocSimSupport

/// What a service (and a provider it asks) may use: the run's HTTP client, credentials and
/// endpoints, the virtual clock, and the bus to post on.
public struct ServiceContext: Sendable {
    /// Every request goes through it: cassettes when replaying, live or recording otherwise.
    public let http: any HTTPClient
    /// Secrets from the environment, placeholders when replaying.
    public let credentials: Credentials
    /// Base URLs of every declared endpoint, overrides applied.
    public let endpoints: Endpoints
    /// How long (wall clock) one provider may take before it is given up as hung.
    public let timeout: Duration
    /// The virtual clock.
    let clock: any ServiceClock
    /// Runs async work of this run (a task executor of its own).
    let executor: ServiceExecutor

    /// A context for services outside a replay (tests of a service alone): posts go to `bus`,
    /// scheduled work runs at once, the clock reads `now`.
    public init(
        bus: NotificationBus, http: any HTTPClient, credentials: Credentials = .placeholders,
        endpoints: Endpoints = Endpoints([]), timeout: Duration = .seconds(30), now: Double = 0
    ) {
        self.init(
            http: http, credentials: credentials, endpoints: endpoints, timeout: timeout,
            clock: ImmediateClock(bus: bus, now: now), executor: ServiceExecutor())
    }

    /// A context on `clock` (a replay's virtual clock and bus), running async work on `executor`.
    package init(
        http: any HTTPClient, credentials: Credentials, endpoints: Endpoints, timeout: Duration,
        clock: any ServiceClock, executor: ServiceExecutor
    ) {
        self.http = http
        self.credentials = credentials
        self.endpoints = endpoints
        self.timeout = timeout
        self.clock = clock
        self.executor = executor
    }

    /// The virtual instant, seconds since the replay started.
    public var now: Double { clock.now }

    /// The base URL for `key` (without a trailing slash), or `""` for an undeclared key.
    public func baseURL(_ key: EndpointKey) -> String { endpoints[key] ?? "" }

    /// Posts a notification now; observers (the transcript, other services) see it at once.
    ///
    /// Threads: in a replay, post from the service's own code (``AppService/handle(_:context:)``
    /// and what it awaits). A post from another thread (a `Task.detached`, a dispatch queue) is
    /// safe: it is queued and the replay posts it on its own thread at its next step, stamped
    /// with the virtual instant then. A post after the replay ended is dropped with a warning on
    /// standard error. The same holds for ``schedule(after:_:)``; ``now`` read from another
    /// thread is the instant of the replay's last step.
    public func post(_ name: NotificationName, _ userInfo: [String: String] = [:]) {
        clock.post(BusNotification(name: name, userInfo: userInfo))
    }

    /// Posts a notification whose values come from loosely typed code: every value must be a
    /// `String`. Anything else is refused, naming the key, and nothing is posted.
    public func post(_ name: NotificationName, values: [String: any Sendable]) throws(ProviderFailure) {
        var userInfo: [String: String] = [:]
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let text = value as? String else {
                throw ProviderFailure(
                    provider: name.rawValue, code: "bad_notification",
                    message: "'\(name.rawValue)' userInfo '\(key)' is a \(type(of: value)), not a String")
            }
            userInfo[key] = text
        }
        post(name, userInfo)
    }

    /// Runs `body` `delay` from now on the virtual clock (at once for `.zero`): how a service
    /// models latency (`context.schedule(after: .milliseconds(250)) { … }`).
    public func schedule(after delay: Duration, _ body: @escaping @Sendable () -> Void) {
        clock.schedule(after: delay.inSeconds, body)
    }

    /// Runs `operation` within ``timeout`` (wall clock) on this run's executor; a hang throws
    /// ``ProviderFailure`` code `timed_out` for `provider` and the operation is abandoned.
    public func withTimeout<T: Sendable>(
        provider: String, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await executor.race(seconds: timeout.inSeconds, provider: provider, operation)
    }
}

/// The virtual clock and the bus, as a context sees them: what a replay provides.
public protocol ServiceClock: Sendable {
    /// The virtual instant.
    var now: Double { get }
    /// Posts on the bus at the current instant.
    func post(_ notification: BusNotification)
    /// Runs `body` `delay` virtual seconds from now.
    func schedule(after delay: Double, _ body: @escaping @Sendable () -> Void)
}

/// A clock for a service outside a replay: time stands at `now`, scheduled work runs at once.
struct ImmediateClock: ServiceClock {
    let bus: NotificationBus
    let now: Double

    func post(_ notification: BusNotification) { bus.post(notification) }
    func schedule(after delay: Double, _ body: @escaping @Sendable () -> Void) { body() }
}
