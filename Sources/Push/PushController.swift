public import AppServices
import CanonicalJSON
import HTTPRecording
import LocSimSupport
public import Simulation

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
    private let parse: ParseEndpoint?
    private let apns: APNsEndpoint?
    // Guards the outbox; never held while posting or sending.
    private let sent = Locked<[PushMessage]>([])

    /// A controller that posts `push` events; with `parse` it also sends each push to Parse
    /// through the context's HTTP client.
    public init(parse: ParseEndpoint? = nil, apns: APNsEndpoint? = nil) {
        self.parse = parse
        self.apns = apns
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

    /// Sends `message`: limit check, outbox, `push` event, then the optional Parse and APNs
    /// POSTs (APNs collapsing on `collapseID`, keeping it until `expiration`, epoch seconds).
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
        if let parse, let failure = send(message, to: parse, with: context.http, credentials: context.credentials) {
            context.post(.providerError, failure.userInfo)
        }
        if let apns {
            let request = apns.request(for: message, collapseID: collapseID, expiration: expiration)
            let failure: ProviderFailure?
            do {
                failure = APNsEndpoint.failure(of: try context.http.send(request), credentials: context.credentials)
            } catch {
                failure = ProviderFailure(provider: "apns", clientError: error).redacted(with: context.credentials)
            }
            if let failure { context.post(.providerError, failure.userInfo) }
        }
    }

    private func send(
        _ message: PushMessage, to parse: ParseEndpoint, with client: any HTTPClient, credentials: Credentials
    )
        -> ProviderFailure?
    {
        let response: HTTPResponse
        do {
            response = try client.send(parse.request(for: message))
        } catch {
            let failure = ProviderFailure(provider: "parse", clientError: error)
            return ProviderFailure(provider: "parse", code: failure.code, message: credentials.redact(failure.message))
        }
        let json = try? JSONValue.parse(utf8: response.body)
        if (200...299).contains(response.status) {
            if json != nil { return nil }
            return ProviderFailure(
                provider: "parse", code: "bad_json",
                message: "Parse answered HTTP \(response.status) with a body that is not JSON")
        }
        if let json, let code = json["code"], case .number(let literal) = code {
            let text = json["error"]?.stringValue ?? "Parse error \(literal)"
            return ProviderFailure(
                provider: "parse", code: literal, message: credentials.redact(text) + " (HTTP \(response.status))")
        }
        let text = json?["error"]?.stringValue.map { credentials.redact($0) + " (HTTP \(response.status))" }
        return ProviderFailure(
            provider: "parse", code: "http_\(response.status)",
            message: text ?? "Parse answered HTTP \(response.status) without an error envelope")
    }
}
