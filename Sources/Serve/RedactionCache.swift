import HTTPRecording

/// One connection's redacted URLs (and the request signatures of method and redacted URL) by
/// URL, so a request the app repeats is redacted and parsed once. Redaction is a pure function
/// of the URL; a connection owns its cache (no lock), emptied when it reaches `capacity`.
struct RedactionCache {
    private struct Key: Hashable {
        var method: String
        var url: String
    }

    let capacity: Int
    private var signatures: [Key: (String, RequestSignature)] = [:]
    private var texts: [String: String] = [:]

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The session's redaction of `url`, and the signature of `method` on it.
    mutating func lookup(method: String, url: String, session: RecordingSession) -> (String, RequestSignature) {
        let key = Key(method: method, url: url)
        if let found = signatures[key] { return found }
        let redacted = session.redactedURL(url)
        let value = (redacted, RequestSignature(HTTPRequest(method: method, url: redacted)))
        if signatures.count >= capacity { signatures.removeAll(keepingCapacity: true) }
        signatures[key] = value
        return value
    }

    /// `redact(text)`, cached.
    mutating func text(_ text: String, _ redact: (String) -> String) -> String {
        if let found = texts[text] { return found }
        let value = redact(text)
        if texts.count >= capacity { texts.removeAll(keepingCapacity: true) }
        texts[text] = value
        return value
    }
}
