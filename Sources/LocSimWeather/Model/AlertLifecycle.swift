import LocSimSupport

/// The CAP lifecycle of a run (``AdvisoryLifecycle/cap``): which posted alert each message
/// belongs to, which alerts were cancelled, and the virtual clock's epoch.
///
/// A *thread* is an alert and its updates, named by the id of its first posted message. An
/// `Update` whose `references` name a posted message joins that thread; a `Cancel` ends it, so
/// later messages of the thread are not posted. Message ids are CAP identifiers
/// (`urn:oid:2.49.0.1.840.0.…`), the same in every place, so threads span a moving track.
public struct AlertLifecycle: Sendable, Hashable {
    /// Posted message id → its thread.
    private var threads: [String: String] = [:]
    private var cancelledThreads: Set<String> = []
    private var postedCancels: Set<String> = []
    /// Epoch seconds at virtual time 0, from the first timed fix; `nil` until then.
    public private(set) var epoch: Double?

    public init() {}

    /// Sets the epoch from a fix with `timestamp` delivered at virtual time `now` (the first one counts).
    public mutating func observeFix(timestamp: String, now: Double) {
        guard epoch == nil, let seconds = ISOInstant.epochSeconds(timestamp) else { return }
        epoch = seconds - now
    }

    /// The instant of virtual time `now` in epoch seconds, when the track is timed.
    public func instant(at now: Double) -> Double? { epoch.map { $0 + now } }

    /// Whether `advisory` is past its `expires` or `ends` at `instant` (never without an instant
    /// or a readable time).
    public static func isExpired(_ advisory: Advisory, at instant: Double?) -> Bool {
        guard let instant else { return false }
        for text in [advisory.expires, advisory.ends] {
            if let text, let seconds = ISOInstant.epochSeconds(text), instant >= seconds { return true }
        }
        return false
    }

    /// The thread of the first posted message `advisory` references, or `nil`.
    public func thread(referencedBy advisory: Advisory) -> String? {
        advisory.references.lazy.compactMap { threads[$0] }.first
    }

    /// Whether `advisory` belongs to a cancelled thread (by its own id or a reference).
    public func isCancelled(_ advisory: Advisory) -> Bool {
        if let id = advisory.id, let thread = threads[id], cancelledThreads.contains(thread) { return true }
        if let thread = thread(referencedBy: advisory), cancelledThreads.contains(thread) { return true }
        return advisory.references.contains { cancelledThreads.contains($0) }
    }

    /// Records a `Cancel`: `true` the first time its id is seen; the thread it references (if
    /// any was posted) is ended.
    public mutating func admitCancel(_ advisory: Advisory) -> (isNew: Bool, thread: String?) {
        let key = advisory.id ?? advisory.references.joined(separator: " ")
        guard postedCancels.insert(key).inserted else { return (false, nil) }
        let thread = thread(referencedBy: advisory)
        cancelledThreads.insert(thread ?? key)
        for reference in advisory.references { cancelledThreads.insert(threads[reference] ?? reference) }
        return (true, thread)
    }

    /// Records a posted message in `thread` (its own id for a new alert).
    public mutating func recordPosted(_ advisory: Advisory, thread: String?) {
        guard let id = advisory.id, !id.isEmpty else { return }
        threads[id] = thread ?? threads[id] ?? id
    }
}
