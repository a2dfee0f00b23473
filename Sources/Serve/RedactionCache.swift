import HTTPRecording
import Synchronization

/// Redacted URLs (and the request signatures of method and redacted URL) by URL, so a request
/// the app repeats is redacted and parsed once. Redaction is a pure function of the URL; the
/// cache is emptied when it reaches `capacity`, so memory stays bounded.
final class RedactionCache: Sendable {
    private struct Key: Hashable {
        var method: String
        var url: String
    }

    let capacity: Int
    private let storage = Mutex([Key: (String, RequestSignature)]())
    private let plain = Mutex([String: String]())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The session's redaction of `url`, and the signature of `method` on it.
    func lookup(method: String, url: String, session: RecordingSession) -> (String, RequestSignature) {
        let key = Key(method: method, url: url)
        if let found = storage.withLock({ $0[key] }) { return found }
        let redacted = session.redactedURL(url)
        let value = (redacted, RequestSignature(HTTPRequest(method: method, url: redacted)))
        storage.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[key] = value
        }
        return value
    }

    /// `redact(text)`, cached.
    func text(_ text: String, _ redact: (String) -> String) -> String {
        if let found = plain.withLock({ $0[text] }) { return found }
        let value = redact(text)
        plain.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[text] = value
        }
        return value
    }
}
