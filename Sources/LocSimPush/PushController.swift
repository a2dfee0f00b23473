public import LocSimAppServices
import LocSimCanonicalJSON
import LocSimHTTPRecording
public import LocSimSimulation
import LocSimSupport

/// The app's push controller: turns each `ADVISORY_AVAILABLE` into a push.
///
/// For an advisory {location, name} it builds the ``PushMessage`` (`Weather Advisory for
/// <location>:  <name>`, sound `alert.caf`), checks the APNs payload against 4096 bytes, records
/// it in the ``outbox`` and posts `push` {alert, sound, payload}. A payload over the limit is not
/// sent: it posts `provider_error` {provider: "push", code: "payload_too_large", message}
/// instead. With a ``ParseEndpoint`` it then POSTs the Parse REST body through the HTTP client;
/// a failure there posts `provider_error` {provider: "parse", code, message} with Parse's error
/// `code` (`"119"`), `http_<status>`, `bad_json`, or the transport code (`unreachable`,
/// `not_recorded`, …).
///
/// An `ADVISORY_UPDATED` (the CAP lifecycle) is pushed the same way. With an ``APNsEndpoint``
/// each push is also POSTed to APNs, collapsing on the advisory's id (an update on the id it
/// `updates`) and expiring with its `expires`; APNs's refusals post `provider_error`
/// {provider: "apns", code: the `reason` (`BadDeviceToken`, `Unregistered`, `TooManyRequests`), message}.
public final class PushController: AppService {
    private let sinks: [any PushSink]
    // Guards the outbox; never held while posting or sending.
    private let sent = Locked<[PushMessage]>([])

    /// A controller that posts `push` events and also sends each push to every sink, in order,
    /// through the context's HTTP client.
    public init(sinks: [any PushSink]) {
        self.sinks = sinks
    }

    /// A controller that posts `push` events; with `parse` it also sends each push to Parse,
    /// with `apns` to APNs.
    public convenience init(parse: ParseEndpoint? = nil, apns: APNsEndpoint? = nil) {
        self.init(sinks: [parse as (any PushSink)?, apns].compactMap { $0 })
    }

    public var name: String { "push" }
    public var observedNotifications: [NotificationName] { [.advisoryAvailable, .advisoryUpdated] }

    /// The pushes sent so far, in order.
    public var outbox: [PushMessage] { sent.withLock { $0 } }

    /// Pushes the advisory an `ADVISORY_AVAILABLE` or `ADVISORY_UPDATED` {location, name, …} describes.
    public func handle(_ notification: BusNotification, context: ServiceContext) async throws {
        let userInfo = notification.userInfo
        push(
            PushMessage(location: userInfo["location"] ?? "", advisoryName: userInfo["name"] ?? ""),
            collapseID: userInfo["updates"] ?? userInfo["id"],
            expiration: userInfo["expires"].flatMap(ISOInstant.epochSeconds), context: context)
    }

    /// Sends `message`: limit check, outbox, `push` event, then each sink's POST (APNs collapsing
    /// on `collapseID`, keeping it until `expiration`, epoch seconds).
    public func push(
        _ message: PushMessage, collapseID: String? = nil, expiration: Double? = nil, context: ServiceContext
    ) {
        guard message.fitsAPNsLimit else {
            context.post(
                .providerError,
                ProviderFailure(
                    provider: "push", code: "payload_too_large",
                    message:
                        "APNs payload is \(message.apnsPayloadByteCount) bytes; the limit is \(PushMessage.maximumPayloadBytes)"
                ).userInfo)
            return
        }
        sent.withLock { $0.append(message) }
        context.post(.push, message.userInfo)
        for sink in sinks {
            if let failure = sink.send(message, collapseID: collapseID, expiration: expiration, context: context) {
                context.post(.providerError, failure.userInfo)
            }
        }
    }
}
