/// Region monitoring as CoreLocation does it, a value-type state machine fed raw fixes.
///
/// - At most ``limit`` (20) regions are monitored; each one beyond fails at start with
///   `CLError.regionMonitoringFailure` (code 5), as registering a 21st region does.
/// - The first fix reports every region's state (`requestState`): inside when the position is
///   within the radius (geodesic, ≤), else outside.
/// - A crossing is reported only once the device is beyond the boundary by ``margin`` (exit:
///   farther than radius + margin; enter: nearer than radius − min(margin, radius/2)) and has
///   stayed so for ``dwell`` seconds: the event comes with the first fix at which both hold.
///   A fix back on the old side restarts the wait. Apple's Location and Maps Programming Guide
///   ("Monitoring Shape-Based Regions"): the user must travel a minimum distance over the
///   boundary and remain on the same side of it for at least 20 seconds; the distance is
///   "system-defined", and 100 m is this model's choice.
/// - Positions are the true ones: region monitoring runs on its own, with neither the
///   distance filter nor the accuracy model of the location updates.
public struct RegionMonitor: Sendable {
    /// CoreLocation's limit of monitored regions per app.
    public static let limit = 20
    /// How far beyond the boundary a crossing must go, metres.
    public static let margin = 100.0
    /// How long the device must stay beyond it, seconds.
    public static let dwell = 20.0
    /// `kCLErrorRegionMonitoringFailure`.
    public static let failureCode = 5

    private struct Watch: Sendable {
        var region: MonitoredRegion
        var inside: Bool?
        var since: Double?
    }

    private var watches: [Watch]
    private let rejected: [MonitoredRegion]
    private let geodesic: Geodesic

    public init(regions: [MonitoredRegion], geodesic: Geodesic = .wgs84) {
        watches = regions.prefix(Self.limit).map { Watch(region: $0) }
        rejected = Array(regions.dropFirst(Self.limit))
        self.geodesic = geodesic
    }

    /// Whether no region is monitored.
    public var isEmpty: Bool { watches.isEmpty }

    /// `startMonitoring(for:)` for every region: the failures of those beyond the limit.
    public func start() -> [RegionEvent] {
        rejected.map {
            .failed(
                id: $0.id, code: Self.failureCode,
                message: "The operation couldn't be completed. (kCLErrorDomain error 5.)")
        }
    }

    /// Feeds one raw fix; returns the states (first fix) or crossings it causes, in region order.
    public mutating func ingest(_ raw: RawFix) -> [RegionEvent] {
        var events: [RegionEvent] = []
        for index in watches.indices {
            let region = watches[index].region
            let distance = geodesic.distance(from: region.center, to: raw.coordinate)
            guard let inside = watches[index].inside else {
                let inside = distance <= region.radius
                watches[index].inside = inside
                events.append(.state(id: region.id, inside: inside))
                continue
            }
            let beyond =
                inside
                ? distance > region.radius + Self.margin
                : distance < region.radius - min(Self.margin, region.radius / 2)
            guard beyond else {
                watches[index].since = nil
                continue
            }
            let since = watches[index].since ?? raw.t
            watches[index].since = since
            if raw.t - since >= Self.dwell {
                watches[index].inside = !inside
                watches[index].since = nil
                events.append(inside ? .exit(id: region.id) : .enter(id: region.id))
            }
        }
        return events
    }
}
