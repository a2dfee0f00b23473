/// How much of a run a ``MapScene`` keeps: the bounds on its memory and on the SVG's size.
public struct MapSceneLimits: Sendable, Hashable {
    /// Track points kept by the streaming simplification (``StreamingTrack``).
    public var trackPoints: Int
    /// Delivered fixes kept (an evenly spaced ``StrideSample`` beyond this).
    public var fixes: Int
    /// Place labels kept.
    public var places: Int
    /// Advisory and push markers kept.
    public var markers: Int
    /// Geocode-failure marks kept.
    public var geocodeFailures: Int
    /// Provider, location and region failure marks kept.
    public var failureMarks: Int

    public init(
        trackPoints: Int = 20_000, fixes: Int = 5_000, places: Int = 2_000, markers: Int = 1_000,
        geocodeFailures: Int = 2_000, failureMarks: Int = 1_000
    ) {
        self.trackPoints = trackPoints
        self.fixes = fixes
        self.places = places
        self.markers = markers
        self.geocodeFailures = geocodeFailures
        self.failureMarks = failureMarks
    }
}
