import CanonicalJSON
public import HTTPRecording
public import Simulation
import Synchronization
public import Weather

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
public final class PushController: Sendable {
    private let bus: NotificationBus
    private let client: (any HTTPClient)?
    private let parse: ParseEndpoint?
    private let credentials: ProviderCredentials

    private struct State {
        var outbox: [PushMessage] = []
        var token: NotificationBus.Token?
    }

    // Guards the outbox and registration; never held while posting or sending.
    private let state = Mutex(State())

    /// A controller that posts to `bus`; with `parse` (and a `client`) it also sends each push to Parse.
    public init(
        bus: NotificationBus, client: (any HTTPClient)? = nil, parse: ParseEndpoint? = nil,
        credentials: ProviderCredentials = .placeholders
    ) {
        self.bus = bus
        self.client = client
        self.parse = parse
        self.credentials = credentials
    }

    /// The pushes sent so far, in order.
    public var outbox: [PushMessage] { state.withLock { $0.outbox } }

    /// Starts observing `ADVISORY_AVAILABLE`. Calling it twice registers once. The bus keeps
    /// the controller alive until ``stop()``.
    public func start() {
        let needsRegistration = state.withLock { $0.token == nil }
        guard needsRegistration else { return }
        let token = bus.addObserver(for: .advisoryAvailable) { notification in
            self.handle(advisory: notification.userInfo)
        }
        state.withLock { $0.token = token }
    }

    /// Stops observing.
    public func stop() {
        if let token = state.withLock({ state -> NotificationBus.Token? in
            defer { state.token = nil }
            return state.token
        }) {
            bus.removeObserver(token)
        }
    }

    /// Pushes the advisory described by an `ADVISORY_AVAILABLE` userInfo {location, name, …}.
    public func handle(advisory userInfo: [String: String]) {
        push(PushMessage(location: userInfo["location"] ?? "", advisoryName: userInfo["name"] ?? ""))
    }

    /// Sends `message`: limit check, outbox, `push` event, then the optional Parse POST.
    public func push(_ message: PushMessage) {
        guard message.fitsAPNsLimit else {
            bus.post(
                .providerError,
                ProviderFailure(
                    provider: "push", code: "payload_too_large",
                    message:
                        "APNs payload is \(message.apnsPayloadByteCount) bytes; the limit is \(PushMessage.maximumPayloadBytes)"
                ).userInfo)
            return
        }
        state.withLock { $0.outbox.append(message) }
        bus.post(.push, message.userInfo)
        guard let parse, let client else { return }
        if let failure = send(message, to: parse, with: client) {
            bus.post(.providerError, failure.userInfo)
        }
    }

    private func send(
        _ message: PushMessage, to parse: ParseEndpoint, with client: any HTTPClient
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
