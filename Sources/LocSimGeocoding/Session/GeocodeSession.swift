public import LocSimLocationCore
import LocSimSupport

/// The reverse-geocoding client as a state machine in virtual time: the client policy under test
/// (min interval, cache radius), Apple's throttle, latency and the overlap policy. It makes no
/// calls itself: it returns ``GeocodeAction``s, and the pipeline runs the geocoder for each
/// `issue` and reports back with ``complete(_:with:at:)`` at its `completesAt`.
///
/// A fix goes through, in order:
/// 1. the cache — within `cacheRadius` of the fix behind the last success: `deliverCached`;
/// 2. the min interval — less than `minInterval` after the previous call: `skip` (counted, silent);
/// 3. the overlap policy, when a call is pending: `cancel` fails the pending one with code 10,
///    `queue` parks the new one, `parallel` goes ahead;
/// 4. the throttle — refused: `fail` code 2 at once; granted: `issue`, completing after `latency`.
///
/// Instants must not decrease. A completion for a canceled or unknown request is ignored.
public struct GeocodeSession: Sendable {
    public let configuration: GeocodeSessionConfiguration
    public private(set) var counters = GeocodeCounters()
    private var throttle: GeocodeThrottle?
    private var nextID = 1
    private var lastCallAt: Double?
    private var lastSuccess: (coordinate: Coordinate, placemark: Placemark)?
    /// Issued requests awaiting completion, by id.
    private var pending: [GeocodeRequestID: Coordinate] = [:]
    private var waiting: [(id: GeocodeRequestID, coordinate: Coordinate)] = []

    public init(configuration: GeocodeSessionConfiguration) {
        self.configuration = configuration
        self.throttle = configuration.throttle
    }

    /// Requests issued and not yet completed or canceled, in id order.
    public var pendingRequests: [GeocodeRequestID] { pending.keys.sorted() }

    /// Calls waiting behind a pending one (overlap `queue`), in order.
    public var queuedRequests: [GeocodeRequestID] { waiting.map(\.id) }

    /// A fix delivered to the app at `t` wants a placemark.
    public mutating func request(_ coordinate: Coordinate, at t: Double) -> [GeocodeAction] {
        counters.fixes += 1
        if configuration.cacheRadius > 0, let cached = lastSuccess,
            GreatCircle.distance(
                latitude: cached.coordinate.latitude, longitude: cached.coordinate.longitude,
                toLatitude: coordinate.latitude, longitude: coordinate.longitude) <= configuration.cacheRadius
        {
            counters.cached += 1
            return [.deliverCached(cached.placemark, coordinate)]
        }
        if configuration.minInterval > 0, let last = lastCallAt, t - last < configuration.minInterval {
            counters.skipped += 1
            return [.skip(.minInterval, coordinate)]
        }
        counters.calls += 1
        lastCallAt = t
        let id = GeocodeRequestID(rawValue: nextID)
        nextID += 1
        var actions: [GeocodeAction] = []
        if !pending.isEmpty || !waiting.isEmpty {
            switch configuration.overlap {
            case .cancel:
                for old in pending.keys.sorted() {
                    pending[old] = nil
                    counters.canceled += 1
                    actions.append(
                        .fail(
                            old,
                            GeocodeError(
                                code: GeocodeError.canceledCode, message: "canceled by geocode request \(id) at \(t)"),
                            at: t))
                }
            case .queue:
                counters.queued += 1
                waiting.append((id, coordinate))
                return [.queue(id, coordinate)]
            case .parallel:
                break
            }
        }
        actions.append(issue(id, coordinate, at: t))
        return actions
    }

    /// The geocoder finished request `id` at `t` with `result`.
    public mutating func complete(
        _ id: GeocodeRequestID, with result: Result<Placemark, GeocodeError>, at t: Double
    ) -> [GeocodeAction] {
        guard let coordinate = pending.removeValue(forKey: id) else { return [] }
        var actions: [GeocodeAction]
        switch result {
        case .success(let placemark):
            counters.succeeded += 1
            lastSuccess = (coordinate, placemark)
            actions = [.deliver(id, placemark, coordinate)]
        case .failure(let error):
            counters.failed += 1
            actions = [.fail(id, error, at: t)]
        }
        while pending.isEmpty, !waiting.isEmpty {
            let next = waiting.removeFirst()
            actions.append(issue(next.id, next.coordinate, at: t))
        }
        return actions
    }

    private mutating func issue(_ id: GeocodeRequestID, _ coordinate: Coordinate, at t: Double) -> GeocodeAction {
        counters.issued += 1
        if throttle?.request(at: t) == false {
            counters.throttled += 1
            let limit = throttle?.argument ?? ""
            return .fail(
                id,
                GeocodeError(
                    code: GeocodeError.networkCode,
                    message: "throttled by the geocode limit \(limit) (requests/seconds)"),
                at: t)
        }
        counters.granted += 1
        pending[id] = coordinate
        return .issue(id, coordinate, completesAt: t + configuration.latency)
    }
}
