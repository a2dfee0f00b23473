public import AppServices
public import LocSimSettings
public import Simulation
import Synchronization

/// The weather service of the app: for every `LOCATION_AVAILABLE` it asks each provider, in
/// order, and posts what it learned. One ``AppService`` among others; a user's own service can
/// replace it or run beside it.
///
/// Events (userInfo keys; `location` is ``WeatherPlace/label``, "Franklin, LA"):
/// - `ADVISORY_AVAILABLE` {location, name, body, provider, + type, expires, id, zone, severity,
///   emergency when known} for each advisory the ``AdvisorySelection`` picks that was not
///   already posted for that place in this run (``AdvisoryLedger``); nothing when every picked
///   advisory was posted before;
/// - `no_advisory` {location, provider} when a provider reports no advisories;
/// - whatever notifications the providers report (`UMBRELLA_JUDGEMENT`, `CONDITIONS_AVAILABLE`);
/// - `provider_error` {provider, code, message} for any failure, a hang past the context's
///   timeout included (`timed_out`); the run goes on with the next provider.
///
/// A provider with a ``WeatherProvider/latency`` has its answer posted that many virtual
/// seconds later; otherwise at the instant of the `LOCATION_AVAILABLE`, however long it awaited.
public final class WeatherService: AppService {
    /// The providers, in the order they answer.
    public let providers: [any WeatherProvider]
    /// `--advisory` (default `last`).
    public let selection: AdvisorySelection
    // The advisories posted so far; never held while posting.
    private let ledger = Mutex(AdvisoryLedger())

    public init(providers: [any WeatherProvider], selection: AdvisorySelection = .last) {
        self.providers = providers
        self.selection = selection
    }

    public var name: String { "weather" }
    public var observedNotifications: [NotificationName] { [.locationAvailable] }

    /// Each provider has the context's timeout of its own, so the whole call may take them all.
    public func timeout(in context: ServiceContext) -> Double {
        Double(max(1, providers.count)) * context.timeout + 1
    }

    public func handle(_ notification: BusNotification, context: ServiceContext) async throws {
        let place = WeatherPlace(userInfo: notification.userInfo)
        for provider in providers {
            let events: [WeatherEvent]
            do {
                events = try await context.withTimeout(provider: provider.name.rawValue) {
                    try await provider.events(for: place, context: context)
                }
            } catch {
                let failure = ProviderFailure(
                    provider: provider.name.rawValue, error: error, fallbackCode: "provider_error")
                context.post(.providerError, failure.redacted(with: context.credentials).userInfo)
                continue
            }
            if provider.latency > 0 {
                context.schedule(after: provider.latency) { self.post(events, from: provider.name, place, context) }
            } else {
                post(events, from: provider.name, place, context)
            }
        }
    }

    private func post(
        _ events: [WeatherEvent], from provider: ProviderName, _ place: WeatherPlace, _ context: ServiceContext
    ) {
        let location = place.label
        for event in events {
            switch event {
            case .notification(let notification):
                context.post(notification.name, notification.userInfo)
            case .advisories(let advisories) where advisories.isEmpty:
                context.post(.noAdvisory, ["location": location, "provider": provider.rawValue])
            case .advisories(let advisories):
                let fresh = ledger.withLock { ledger in
                    selection.select(advisories).filter { ledger.admit($0, location: location) }
                }
                for advisory in fresh { context.post(.advisoryAvailable, advisory.userInfo(location: location)) }
            }
        }
    }
}
