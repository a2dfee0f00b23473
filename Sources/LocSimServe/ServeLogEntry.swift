public import LocSimCanonicalJSON
public import LocSimHTTPRecording

/// One answered request, as `--log` writes it (a JSON line) and `/__locsim/requests` lists it.
public struct ServeLogEntry: Sendable, Hashable {
    /// How a request was answered.
    public enum Outcome: String, Sendable, Hashable {
        /// From a recorded interaction.
        case replayed
        /// Forwarded to the live service and recorded (`--record`).
        case recorded
        /// No recording answers it: 404 `not_recorded`.
        case miss
        /// The live service could not be reached while recording: 502 or 504.
        case unreachable
        /// The request could not be read: 400, 408, 413, 431, 501 or 505.
        case rejected
        /// An endpoint under `/__locsim/`.
        case admin
    }

    public var method: String
    /// The request target as sent, secrets redacted.
    public var path: String
    /// The recorded URL it was matched as (redacted), or `nil` when it was not routed.
    public var url: String?
    public var outcome: Outcome
    /// The interaction that answered (cassette as shown to people, index), for ``Outcome/replayed``.
    public var interaction: RecordingSession.InteractionOrigin?
    public var status: Int
    /// Microseconds from the complete request to the answer ready to send.
    public var microseconds: Int

    public init(
        method: String, path: String, url: String?, outcome: Outcome, interaction: RecordingSession.InteractionOrigin?,
        status: Int, microseconds: Int
    ) {
        self.method = method
        self.path = path
        self.url = url
        self.outcome = outcome
        self.interaction = interaction
        self.status = status
        self.microseconds = microseconds
    }

    /// The entry as a JSON object (keys sorted when serialized).
    public var json: JSONValue {
        .object([
            "method": .string(method), "path": .string(path), "url": url.map(JSONValue.string) ?? .null,
            "outcome": .string(outcome.rawValue),
            "interaction": interaction.map { .object(["source": .string($0.source), "index": .int($0.index)]) }
                ?? .null,
            "status": .int(status), "microseconds": .int(microseconds),
        ])
    }

    /// The one-line text form printed on standard error without `--log`:
    /// `GET /aeris/… 200 replayed Recordings/x/cassette.json#3 412us`.
    public var line: String {
        var text = "\(method) \(path) \(status) \(outcome.rawValue)"
        if let interaction { text += " \(interaction.source)#\(interaction.index)" }
        return text + " \(microseconds)us"
    }
}
