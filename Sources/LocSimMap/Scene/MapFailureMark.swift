public import LocSimLocationCore

/// Failures that are not geocodes, marked where the run was: a provider or service that failed
/// (`provider_error`, including locsim's own codes `timed_out`, `service_error`, `not_recorded`),
/// a location-manager error (`location_error`) or a region-monitoring error (`region_error`).
///
/// Consecutive failures of one kind at one anchor share a mark, with a count and their codes.
public struct MapFailureMark: Sendable, Hashable {
    /// Which transcript event the mark stands for.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `provider_error {provider, code, message}`: drawn at the last place (the request's).
        case provider
        /// `location_error {code, message}`: drawn at the last fix, else the first track point.
        case location
        /// `region_error {identifier, code, message}`: drawn like a location error.
        case region
    }

    public var kind: Kind
    /// Where the mark is drawn.
    public var coordinate: Coordinate
    /// How many failures the mark stands for.
    public var count: Int
    /// The distinct `provider: code` (or code) texts, in the order first seen.
    public var codes: [String]
    /// The first failure's message, for the tooltip.
    public var message: String
    /// Virtual seconds of the first failure.
    public var t: Double

    public init(kind: Kind, coordinate: Coordinate, count: Int, codes: [String], message: String, t: Double) {
        self.kind = kind
        self.coordinate = coordinate
        self.count = count
        self.codes = codes
        self.message = message
        self.t = t
    }
}
