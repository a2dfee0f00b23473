public import LocSimAppServices
public import LocSimSimulation
import LocSimSupport

/// The weather service of the app: for every `LOCATION_AVAILABLE` it asks each provider, in
/// order, and posts what it learned. One ``AppService`` among others; a user's own service can
/// replace it or run beside it.
///
/// Events (userInfo keys; `location` is ``WeatherPlace/label``, "Franklin, LA"):
/// - `ADVISORY_AVAILABLE` {location, name, body, provider, + type, expires, id, zone, severity,
///   emergency when known} for each advisory the ``AdvisorySelection`` picks that was not
///   already posted for that place in this run (``AdvisoryLedger``); nothing when every picked
///   advisory was posted before;
/// - `no_advisory` {location, provider} when a provider reports no advisories (+ `reason` when
///   it says why: `no_coverage`, or `expired` when every advisory was past its time);
/// - whatever notifications the providers report (`UMBRELLA_JUDGEMENT`, `CONDITIONS_AVAILABLE`);
/// - `provider_error` {provider, code, message} for any failure, a hang past the context's
///   timeout included (`timed_out`); the run goes on with the next provider.
///
/// Under ``AdvisoryLifecycle/cap`` (`--advisory-lifecycle cap`) the CAP lifecycle applies
/// (``AlertLifecycle``): a `Cancel` posts `ADVISORY_CANCELLED` {location, provider, id, name,
/// cancels} once, whatever the selection (an answer left with only cancels already reported is
/// `no_advisory`); an `Update` whose `references` name a posted message
/// posts `ADVISORY_UPDATED` (the advisory keys + `updates`, the alert's first id); an advisory
/// past its `expires` or `ends` on the virtual clock (epoch: the first timed fix) or of a
/// cancelled alert is not posted; `ADVISORY_AVAILABLE` carries the CAP fields.
///
/// A provider with a ``WeatherProvider/latency`` has its answer posted that many virtual
/// seconds later; otherwise at the instant of the `LOCATION_AVAILABLE`, however long it awaited.
public final class WeatherService: AppService {
    /// The providers, in the order they answer.
    public let providers: [any WeatherProvider]
    /// `--advisory` (default `last`).
    public let selection: AdvisorySelection
    /// `--advisory-lifecycle` (default `seed`).
    public let lifecycle: AdvisoryLifecycle
    // The advisories posted so far; never held while posting.
    private let ledger = Locked(AdvisoryLedger())
    // The CAP threads and the clock's epoch; never held while posting.
    private let alerts = Locked(AlertLifecycle())

    public init(
        providers: [any WeatherProvider], selection: AdvisorySelection = .last, lifecycle: AdvisoryLifecycle = .seed
    ) {
        self.providers = providers
        self.selection = selection
        self.lifecycle = lifecycle
    }

    public var name: String { "weather" }
    /// `LOCATION_AVAILABLE`, and under the CAP lifecycle `location` too (for the clock's epoch).
    public var observedNotifications: [NotificationName] {
        lifecycle == .cap ? [.location, .locationAvailable] : [.locationAvailable]
    }

    /// Each provider has the context's timeout of its own, so the whole call may take them all.
    public func timeout(in context: ServiceContext) -> Duration {
        context.timeout * max(1, providers.count) + .seconds(1)
    }

    public func handle(_ notification: BusNotification, context: ServiceContext) async throws {
        if notification.name == .location {
            if let timestamp = notification.userInfo["timestamp"] {
                alerts.withLock { $0.observeFix(timestamp: timestamp, now: context.now) }
            }
            return
        }
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
            if provider.latency > .zero {
                context.schedule(after: provider.latency) { self.post(events, from: provider, place, context) }
            } else {
                post(events, from: provider, place, context)
            }
        }
    }

    private func post(
        _ events: [WeatherEvent], from source: any WeatherProvider, _ place: WeatherPlace, _ context: ServiceContext
    ) {
        let provider = source.name
        let location = place.label
        for event in events {
            switch event {
            case .notification(let notification):
                context.post(notification.name, notification.userInfo)
            case .noAdvisory(let reason):
                context.post(.noAdvisory, ["location": location, "provider": provider.rawValue, "reason": reason])
            case .advisories(let advisories) where lifecycle == .cap && !advisories.isEmpty:
                postLifecycle(advisories, from: source, location: location, context)
            case .advisories(let all):
                // The seed's view: a CAP Cancel is no advisory at all.
                let advisories = all.filter { !$0.isCAPCancel }
                guard !advisories.isEmpty else {
                    context.post(.noAdvisory, ["location": location, "provider": provider.rawValue])
                    continue
                }
                let fresh = ledger.withLock { ledger in
                    selection.select(advisories, rank: source.severityRank).filter {
                        ledger.admit($0, location: location)
                    }
                }
                for advisory in fresh { context.post(.advisoryAvailable, advisory.userInfo(location: location)) }
            }
        }
    }

    /// The CAP lifecycle's posts for one answer (see the type's documentation).
    private func postLifecycle(
        _ advisories: [Advisory], from source: any WeatherProvider, location: String, _ context: ServiceContext
    ) {
        let provider = source.name
        var posts: [(NotificationName, [String: String])] = []
        alerts.withLock { alerts in
            var cancelled = false
            for cancel in advisories where cancel.isCAPCancel {
                let (isNew, thread) = alerts.admitCancel(cancel)
                guard isNew else { continue }
                cancelled = true
                var info = cancel.userInfo(location: location, cap: true)
                info["cancels"] = thread ?? cancel.references.joined(separator: " ")
                posts.append((.advisoryCancelled, info))
            }
            let instant = alerts.instant(at: context.now)
            let live = advisories.filter { !$0.isCAPCancel && !alerts.isCancelled($0) }
            let current = live.filter { !AlertLifecycle.isExpired($0, at: instant) }
            if current.isEmpty, !live.isEmpty {
                posts.append((.noAdvisory, ["location": location, "provider": provider.rawValue, "reason": "expired"]))
            } else if live.isEmpty, !cancelled {
                // Only cancels already reported: nothing is in effect.
                posts.append((.noAdvisory, ["location": location, "provider": provider.rawValue]))
            }
            let fresh = ledger.withLock { ledger in
                selection.select(current, rank: source.severityRank).filter { ledger.admit($0, location: location) }
            }
            for advisory in fresh {
                var info = advisory.userInfo(location: location, cap: true)
                let thread = advisory.messageType == "Update" ? alerts.thread(referencedBy: advisory) : nil
                alerts.recordPosted(advisory, thread: thread)
                if let thread {
                    info["updates"] = thread
                    posts.append((.advisoryUpdated, info))
                } else {
                    posts.append((.advisoryAvailable, info))
                }
            }
        }
        for (name, info) in posts { context.post(name, info) }
    }
}

extension Advisory {
    /// Whether this is a CAP `Cancel` message.
    var isCAPCancel: Bool { messageType == "Cancel" }
}
