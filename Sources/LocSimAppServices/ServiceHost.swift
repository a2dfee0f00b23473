import LocSimHTTPRecording
public import LocSimSimulation
import LocSimSupport

/// Services on a bus: each is registered for its ``AppService/observedNotifications`` in order,
/// and every delivery runs its async `handle` to completion on the posting thread (a
/// ``ServiceExecutor``), so nested posts are handled depth first, as NotificationCenter would
/// deliver them. A failure, a throw or a hang past the timeout is posted as `provider_error`.
///
/// A replay hosts its services this way; so can a test of one service:
///
/// ```swift
/// let bus = NotificationBus()
/// let host = ServiceHost(bus: bus, services: [MyPushLogic()], context: ServiceContext(bus: bus, http: client))
/// bus.post(.advisoryAvailable, ["location": "Franklin, LA", "name": "Coastal Flood Advisory"])
/// ```
public final class ServiceHost: Sendable {
    private let bus: NotificationBus
    private let tokens: [NotificationBus.Token]

    /// Registers `services` on `bus`; they stay registered until ``stop()``.
    public init(bus: NotificationBus, services: [any AppService], context: ServiceContext) {
        self.bus = bus
        var tokens: [NotificationBus.Token] = []
        for service in services {
            for name in service.observedNotifications {
                tokens.append(
                    bus.addObserver(for: name) { notification in
                        let timeout = service.timeout(in: context).inSeconds
                        let outcome = context.executor.runBlocking(seconds: timeout) {
                            try await service.handle(notification, context: context)
                        }
                        if let failure = ServiceHost.failure(of: service, outcome: outcome, timeout: timeout) {
                            context.post(.providerError, failure.redacted(with: context.credentials).userInfo)
                        }
                    })
            }
        }
        self.tokens = tokens
    }

    /// Removes every registration.
    public func stop() {
        for token in tokens { bus.removeObserver(token) }
    }

    /// The `provider_error` for `outcome` of `service`, or `nil` when it succeeded.
    static func failure(
        of service: any AppService, outcome: Result<Void, any Error>?, timeout: Double
    )
        -> ProviderFailure?
    {
        switch outcome {
        case .success?:
            return nil
        case .failure(let error)?:
            return ProviderFailure(provider: service.name, error: error, fallbackCode: "service_error")
        case nil:
            return ProviderFailure(
                provider: service.name, code: "timed_out",
                message:
                    "'\(service.name)' did not return within \(ServiceExecutor.secondsText(timeout)) s (wall clock)")
        }
    }
}
