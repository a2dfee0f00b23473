import LocSimCanonicalJSON

/// What a HAR file became: the cassette, and every entry left out with the reason.
public struct HARImport: Sendable, Hashable {
    /// The imported interactions, in the HAR's order.
    public var cassette: Cassette
    /// The entries a cassette cannot hold or the options left out, in the HAR's order.
    public var skipped: [HARSkippedEntry]
    /// The producer named by `log.creator` (`Proxyman 5.19.0`), empty when it names none.
    public var creator: String
    /// For each interaction, the index of the HAR entry it came from.
    public var entryIndices: [Int]
    /// The places of strings whose bytes were not valid UTF-8 (each bad sequence became U+FFFD):
    /// `log.entries[2].response.content.text`, in file order. Empty for a HAR read from a value.
    public var invalidUTF8: [String] = []

    public init(cassette: Cassette, skipped: [HARSkippedEntry], creator: String, entryIndices: [Int]) {
        self.cassette = cassette
        self.skipped = skipped
        self.creator = creator
        self.entryIndices = entryIndices
    }

    /// Every secret value of `redactor`'s environment that survived redaction, each named by
    /// its HAR entry and place (`log.entries[4] (interaction 2).request.url`), never by value.
    public func leaks(_ redactor: Redactor) -> [SecretLeak] {
        var found: [SecretLeak] = []
        for (position, interaction) in cassette.interactions.enumerated() {
            let single = Cassette(interactions: [interaction]).jsonValue["interactions"]?.arrayValue?.first ?? .null
            for leak in redactor.leaks(in: single) {
                var named = leak
                let place = "log.entries[\(entryIndices[position])] (interaction \(position))"
                named.location = leak.location == "(top level)" ? place : "\(place).\(leak.location)"
                found.append(named)
            }
        }
        if let comment = cassette.comment {
            found += redactor.leaks(in: .string(comment)).map {
                SecretLeak(variable: $0.variable, location: "log.comment", form: $0.form, reason: $0.reason)
            }
        }
        return found
    }
}

/// One HAR entry that was not imported.
public struct HARSkippedEntry: Sendable, Hashable, CustomStringConvertible {
    /// Why an entry is left out.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// Its host is not among the hosts imported.
        case otherHost(String)
        /// An image, and images were not asked for (`--include-images`).
        case image
        /// A WebSocket connection and its messages: a cassette holds HTTP exchanges only.
        case webSocket
        /// The producer left the response body out (`content.size` bytes, no `content.text`).
        case bodyLeftOut(size: Int)
        /// No response was received (`status` 0: blocked, failed, cancelled) or the status is
        /// outside 100–599.
        case status(Int)
        /// A URL locsim does not replay (`data:`, `blob:`, `chrome-extension:` …).
        case scheme(String)
        /// A method that is not an HTTP token.
        case method(String)
        /// A `content.encoding` other than `base64`.
        case encoding(String)
        /// A body kept as sent, still compressed (`Content-Encoding: gzip`): Polly.JS's hex chunks.
        case compressed(String)

        public var description: String {
            switch self {
            case .otherHost(let host): "host \(host) is not imported (add --host \(host))"
            case .image: "an image (add --include-images)"
            case .webSocket: "WebSocket messages (a cassette holds HTTP exchanges only)"
            case .bodyLeftOut(let size):
                size > 0
                    ? "the producer left the \(size)-byte response body out (no content.text)"
                    : "the producer left the response body out (no content.text)"
            case .status(let status):
                status == 0
                    ? "no response (status 0: blocked, failed or cancelled)" : "status \(status) is outside 100-599"
            case .scheme(let scheme): "a \(scheme): URL, not HTTP"
            case .method(let method): "method '\(method)' is not an HTTP token"
            case .encoding(let encoding): "content.encoding '\(encoding)' is not base64"
            case .compressed(let encoding):
                "the body is kept as sent, still compressed (Content-Encoding: \(encoding), as hex chunks: "
                    + "Polly.JS), which locsim does not decode"
            }
        }
    }

    /// The entry's index in `log.entries`.
    public var index: Int
    public var method: String
    public var url: String
    public var reason: Reason

    public init(index: Int, method: String, url: String, reason: Reason) {
        self.index = index
        self.method = method
        self.url = url
        self.reason = reason
    }

    public var description: String { "log.entries[\(index)] \(method) \(url): \(reason)" }
}
