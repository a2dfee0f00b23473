/// What a GPX file contains: element counts and the time span of its timed points.
///
/// Counts include every `wpt`/`rtept`/`trkpt` element met, valid or not (a validation report
/// describes the file's structure); a successful read has only valid ones.
public struct GPXSummary: Sendable, Hashable {
    public var tracks = 0
    public var segments = 0
    public var trackPoints = 0
    public var routes = 0
    public var routePoints = 0
    public var waypoints = 0
    /// The earliest `<time>` of any delivered point, seconds since 1970 (UTC).
    public var earliestTime: Double?
    /// The latest `<time>` of any delivered point, seconds since 1970 (UTC).
    public var latestTime: Double?
    /// What the reader accepted and repaired (stepped-back times dropped, unpadded times, skipped
    /// latitudes, ignored extension values, long gaps, repeated times), one summary per kind, in
    /// the order of their first occurrence.
    public var warnings: [GPXDiagnostic] = []

    public init() {}

    /// `trackPoints + routePoints + waypoints`.
    public var pointCount: Int { trackPoints + routePoints + waypoints }

    /// `latestTime - earliestTime`, or `nil` without timed points.
    public var duration: Double? {
        guard let earliestTime, let latestTime else { return nil }
        return latestTime - earliestTime
    }
}
