public import LocSimLocationCore

/// An advisory or a push, marked where the run was when it happened.
public struct MapMarker: Sendable, Hashable {
    /// What the marker stands for.
    public enum Kind: String, Sendable, Hashable {
        /// `ADVISORY_AVAILABLE`: drawn at the place the advisory is for.
        case advisory
        /// `push`: drawn at the advisory's place (or the last fix).
        case push
    }

    public var kind: Kind
    /// Where the marker is drawn.
    public var coordinate: Coordinate
    /// The full text shown as its tooltip: `Franklin, LA: Flood Warning`, or the push's alert.
    public var text: String
    /// Its position among the markers of its kind, from 1 (advisories are numbered on the map).
    public var number: Int
    /// Virtual seconds since the start of the run.
    public var t: Double

    public init(kind: Kind, coordinate: Coordinate, text: String, number: Int, t: Double) {
        self.kind = kind
        self.coordinate = coordinate
        self.text = text
        self.number = number
        self.t = t
    }
}
