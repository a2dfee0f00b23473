extension ScenarioFile {
    /// `engine.desiredAccuracy`: one of CoreLocation's presets or a positive number of metres.
    public enum DesiredAccuracy: Sendable, Hashable {
        case preset(AccuracyPreset)
        case meters(Double)
    }

    /// The named `desiredAccuracy` values (DESIGN §4).
    public enum AccuracyPreset: String, Sendable, Hashable, CaseIterable {
        case bestForNavigation = "best-for-navigation"
        case best
        case nearestTenMeters = "nearest-ten-meters"
        case hundredMeters = "hundred-meters"
        case kilometer
        case threeKilometers = "three-kilometers"
        case reduced
    }

    /// `engine.distanceFilter`: metres (≥ 0) or `"none"` (every fix is delivered).
    public enum DistanceFilter: Sendable, Hashable {
        /// `"none"` (`kCLDistanceFilterNone`); not named `none` so it cannot be mistaken for `nil`.
        case unfiltered
        case meters(Double)
    }

    /// `engine.authorization` (CLAuthorizationStatus).
    public enum Authorization: String, Sendable, Hashable, CaseIterable {
        case always
        case whenInUse = "when-in-use"
        case denied
        case restricted
        case notDetermined = "not-determined"
    }

    /// `playback.source`: which points of the GPX file are played.
    public enum PointSource: String, Sendable, Hashable, CaseIterable {
        case trk, rte, wpt
    }

    /// `geocoder.kind`.
    public enum GeocoderKind: String, Sendable, Hashable, CaseIterable {
        case offline, nominatim
        /// `"none"`: no geocoder; not named `none` so it cannot be mistaken for `nil`.
        case disabled = "none"
    }

    /// `geocoder.limit`: at most `requests` granted requests in any `seconds`-long window (`"50/60"`).
    public struct GeocodeLimit: Sendable, Hashable {
        public var requests: Int
        public var seconds: Double

        public init(requests: Int, seconds: Double) {
            self.requests = requests
            self.seconds = seconds
        }
    }

    /// `geocoder.overlap`: what happens to a request issued while another is pending.
    public enum GeocodeOverlap: String, Sendable, Hashable, CaseIterable {
        case cancel, queue, parallel
    }

    /// An entry of `providers` (DESIGN §6, a contract). `none` is written alone and parses as `[]`.
    public enum Provider: String, Sendable, Hashable, CaseIterable {
        case aeris
        case nws
        case owmUmbrella = "owm-umbrella"
        case owmConditions = "owm-conditions"
        case googleLegacy = "google-legacy"
    }

    /// `advisory`: which advisory of a response is pushed.
    public enum AdvisorySelection: String, Sendable, Hashable, CaseIterable {
        case last
        case mostSevere = "most-severe"
        case all
    }

    /// A key of `baseURLs` (the `--base-url` keys, DESIGN §6).
    public enum BaseURLKey: String, Sendable, Hashable, CaseIterable, Comparable {
        case aeris, nws, owm, google, nominatim, parse

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
