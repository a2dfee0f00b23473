public import LocSimLocationCore
public import LocSimSimulation

/// A fix the location engine delivered: one `location` line of the transcript.
public struct DeliveredFix: Sendable, Hashable {
    /// Virtual seconds since the start.
    public var t: Double
    /// The reported coordinate (noise included, 6 decimals as in the transcript).
    public var coordinate: Coordinate
    /// The reported `horizontalAccuracy` in metres.
    public var horizontalAccuracy: Double
    /// The fix's `timestamp`, for timed tracks.
    public var timestamp: String?

    public init(t: Double, coordinate: Coordinate, horizontalAccuracy: Double, timestamp: String? = nil) {
        self.t = t
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.timestamp = timestamp
    }

    /// The fix a `location` line reports, or `nil` for any other line.
    public init?(line: TranscriptLine) {
        let info = line.notification.userInfo
        guard line.notification.name == .location, let latitude = info["latitude"].flatMap(Double.init),
            let longitude = info["longitude"].flatMap(Double.init)
        else { return nil }
        self.init(
            t: line.t, coordinate: Coordinate(latitude: latitude, longitude: longitude),
            horizontalAccuracy: info["horizontalAccuracy"].flatMap(Double.init) ?? -1, timestamp: info["timestamp"])
    }
}
