public import LocSimGPX
public import LocSimSimulation

/// Chooses which points of a GPX file are replayed (docs/contract.md, Playback) while the file streams past:
/// tracks if the file has any, else routes, else waypoints; `--source` forces one kind.
///
/// Track points stream straight through. Route points and waypoints are held only until a track
/// point shows up (GPX puts `wpt` and `rte` before `trk`), so a track of any length is replayed
/// without holding it; only a file whose chosen source is its routes or waypoints is held whole
/// (their times are a schedule only if they never go back, which takes the whole list).
public struct SourceSelector: Sendable {
    /// The kind forced with `--source`, or `nil` for the automatic choice.
    public let forced: GPXPointKind?
    private var sawTrackPoint = false
    private var routePoints: [PlaybackPoint] = []
    private var waypoints: [PlaybackPoint] = []

    public init(forced: GPXPointKind?) {
        self.forced = forced
    }

    /// The point to replay now, or `nil` when it is held back or not part of the source.
    /// Reads only the four fields playback uses (`point` is large).
    public mutating func accept(_ point: borrowing GPXPoint) -> PlaybackPoint? {
        accept(point.kind, Self.playbackPoint(point))
    }

    /// ``accept(_:)`` for a point of `kind` already reduced to what playback uses.
    public mutating func accept(_ kind: GPXPointKind, _ point: PlaybackPoint) -> PlaybackPoint? {
        if let forced, kind != forced { return nil }
        switch kind {
        case .trackPoint:
            if !sawTrackPoint {
                sawTrackPoint = true
                routePoints = []
                waypoints = []
            }
            return point
        case .routePoint:
            if !sawTrackPoint || forced != nil { routePoints.append(point) }
        case .waypoint:
            if !sawTrackPoint || forced != nil { waypoints.append(point) }
        }
        return nil
    }

    private static func playbackPoint(_ point: borrowing GPXPoint) -> PlaybackPoint {
        PlaybackPoint(
            coordinate: point.coordinate, elevation: point.elevation, time: point.time,
            afterBreak: point.followsSkippedPoint)
    }

    /// At the end of the file: the held points to replay (routes, else waypoints) when the file
    /// had no track points, and the kind that was replayed (`nil` when the file had none of it).
    /// Route and waypoint times are no schedule unless they never go back: otherwise they are
    /// dropped and the points move at `--speed`.
    public mutating func finish() -> (points: [PlaybackPoint], kind: GPXPointKind?) {
        defer {
            routePoints = []
            waypoints = []
        }
        if forced == .trackPoint || (forced == nil && sawTrackPoint) { return ([], .trackPoint) }
        if forced == .routePoint || (forced == nil && !routePoints.isEmpty) {
            return (Self.scheduled(routePoints), forced ?? .routePoint)
        }
        if forced == .waypoint || !waypoints.isEmpty { return (Self.scheduled(waypoints), forced ?? .waypoint) }
        return ([], nil)
    }

    private static func scheduled(_ points: [PlaybackPoint]) -> [PlaybackPoint] {
        var last = -Double.infinity
        for time in points.lazy.compactMap(\.time) {
            if time < last {
                return points.map {
                    PlaybackPoint(coordinate: $0.coordinate, elevation: $0.elevation, afterBreak: $0.afterBreak)
                }
            }
            last = time
        }
        return points
    }
}
