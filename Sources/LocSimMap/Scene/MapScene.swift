public import LocSimLocationCore

/// What a map shows, collected while a replay streams: the raw track, delivered fixes, places,
/// advisories, pushes, failed geocodes and other failures, plus the settings for the caption.
///
/// Memory is bounded whatever the length of the run (see ``MapSceneLimits``): the track is
/// simplified on the fly and the other layers are evenly sampled once they exceed their limit.
/// Totals and the bounding box stay exact. Feed it with ``addTrackPoint(_:)`` for every raw
/// point and ``add(_:)`` for every transcript line, then hand it to ``SVGMapRenderer``.
public struct MapScene: Sendable {
    /// Key/value pairs printed in the caption, in order (`distanceFilter`, `3000 m`).
    public var settings: [(String, String)]
    /// The distance filter in metres, drawn as a circle around every fix; nil for none.
    public let distanceFilter: Double?
    /// The limits this scene was built with.
    public let limits: MapSceneLimits

    /// The raw track, simplified.
    package private(set) var track: StreamingTrack
    /// Delivered fixes (`location` events).
    package private(set) var fixes: StrideSample<MapFix>
    /// Geocoded places (`LOCATION_AVAILABLE`), a place repeated consecutively kept once.
    package private(set) var places: StrideSample<MapPlace>
    /// Advisories and pushes.
    package private(set) var markers: StrideSample<MapMarker>
    /// `LOCATION_AVAILABLE` events, including consecutive repeats of a place.
    public private(set) var geocodeCount = 0
    /// `geocode_failed` events.
    public private(set) var geocodeFailureCount = 0
    /// Advisories (`ADVISORY_AVAILABLE`) seen.
    public private(set) var advisoryCount = 0
    /// Pushes (`push`) seen.
    public private(set) var pushCount = 0
    /// `provider_error` events.
    public private(set) var providerErrorCount = 0
    /// `region_error` events.
    public private(set) var regionErrorCount = 0
    /// `location_error` events, as `code N: message`, the first few of them.
    public private(set) var locationErrors: [String] = []
    /// How many `location_error` events there were.
    public private(set) var locationErrorCount = 0
    /// The box, in Web Mercator unit coordinates, of every track point, fix, fix circle and place.
    package private(set) var extent: MercatorBox?

    private var failures: StrideSample<MapGeocodeFailure>
    private var pendingFailure: MapGeocodeFailure?
    private var marks: StrideSample<MapFailureMark>
    private var pendingMark: MapFailureMark?
    /// Location and region errors seen before the first track point, drawn at it.
    private var unanchoredMarks: [MapFailureMark] = []
    private var lastFix: MapFix?
    private var lastPlace: MapPlace?

    /// The most `location_error` texts kept for the caption.
    public static let locationErrorLimit = 3
    /// The most characters kept of an advisory's or a push's text (the tooltip).
    public static let markerTextLimit = 280
    /// The most distinct codes one failure mark lists.
    public static let markCodeLimit = 5
    /// The most characters kept of a place name.
    public static let placeNameLimit = 60

    /// An empty scene.
    public init(
        settings: [(String, String)] = [], distanceFilter: Double? = nil, limits: MapSceneLimits = MapSceneLimits()
    ) {
        self.settings = settings
        self.distanceFilter = distanceFilter.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.limits = limits
        self.track = StreamingTrack(capacity: limits.trackPoints)
        self.fixes = StrideSample(capacity: limits.fixes)
        self.places = StrideSample(capacity: limits.places)
        self.markers = StrideSample(capacity: limits.markers)
        self.failures = StrideSample(capacity: limits.geocodeFailures)
        self.marks = StrideSample(capacity: limits.failureMarks)
    }

    /// Failed-geocode marks, one per fix that had failures.
    public var geocodeFailures: [MapGeocodeFailure] {
        guard let pendingFailure else { return failures.elements }
        return failures.elements + [pendingFailure]
    }

    /// Provider, location and region failure marks, in run order.
    public var failureMarks: [MapFailureMark] {
        guard let pendingMark else { return marks.elements }
        return marks.elements + [pendingMark]
    }

    /// How many failures of `kind` the transcript had (drawn or not).
    public func failureCount(_ kind: MapFailureMark.Kind) -> Int {
        switch kind {
        case .provider: providerErrorCount
        case .location: locationErrorCount
        case .region: regionErrorCount
        }
    }

    /// How many fixes were delivered.
    public var fixCount: Int { fixes.total }

    /// Adds a raw track point (every point the playback produced, before any filter).
    public mutating func addTrackPoint(_ coordinate: Coordinate) {
        guard coordinate.isValid else { return }
        track.append(coordinate)
        include(coordinate, radius: 0)
        guard !unanchoredMarks.isEmpty else { return }
        for var mark in unanchoredMarks {
            mark.coordinate = coordinate
            addMark(mark)
        }
        unanchoredMarks = []
    }

    /// Grows ``extent`` by a coordinate and a circle of `radius` metres around it.
    mutating func include(_ coordinate: Coordinate, radius: Double) {
        let x = WebMercator.unitX(longitude: coordinate.longitude)
        let y = WebMercator.unitY(latitude: coordinate.latitude)
        let reach = radius > 0 ? WebMercator.unitDistance(metres: radius, latitude: coordinate.latitude) : 0
        let box = MercatorBox(minX: x - reach, minY: y - reach, maxX: x + reach, maxY: y + reach)
        extent = MercatorBox.union(extent, box)
    }

    mutating func addFix(_ coordinate: Coordinate, horizontalAccuracy: Double, t: Double) {
        flushFailure()
        let fix = MapFix(coordinate: coordinate, horizontalAccuracy: horizontalAccuracy, t: t, number: fixes.total + 1)
        fixes.append(fix)
        lastFix = fix
        include(coordinate, radius: max(horizontalAccuracy, distanceFilter ?? 0))
    }

    mutating func addPlace(_ coordinate: Coordinate?, name: String, t: Double) {
        geocodeCount += 1
        guard let coordinate = coordinate ?? lastFix?.coordinate, !name.isEmpty else { return }
        let place = MapPlace(coordinate: coordinate, name: SVGText.truncate(name, to: Self.placeNameLimit), t: t)
        defer { lastPlace = place }
        guard lastPlace?.name != name else { return }
        places.append(place)
        include(coordinate, radius: 0)
    }

    mutating func addGeocodeFailure(code: String, t: Double) {
        geocodeFailureCount += 1
        guard let lastFix else { return }
        if var pending = pendingFailure, pending.fixNumber == lastFix.number {
            pending.count += 1
            if !pending.codes.contains(code) { pending.codes.append(code) }
            pendingFailure = pending
            return
        }
        flushFailure()
        pendingFailure = MapGeocodeFailure(
            coordinate: lastFix.coordinate, fixNumber: lastFix.number, count: 1, codes: [code], t: t)
    }

    private mutating func flushFailure() {
        if let pendingFailure { failures.append(pendingFailure) }
        pendingFailure = nil
    }

    mutating func addAdvisory(location: String, name: String, t: Double) {
        advisoryCount += 1
        guard let coordinate = lastPlace?.coordinate ?? lastFix?.coordinate else { return }
        let text = SVGText.truncate(location.isEmpty ? name : "\(location): \(name)", to: Self.markerTextLimit)
        markers.append(MapMarker(kind: .advisory, coordinate: coordinate, text: text, number: advisoryCount, t: t))
    }

    mutating func addPush(alert: String, t: Double) {
        pushCount += 1
        guard let coordinate = lastPlace?.coordinate ?? lastFix?.coordinate else { return }
        let text = SVGText.truncate(alert, to: Self.markerTextLimit)
        markers.append(MapMarker(kind: .push, coordinate: coordinate, text: text, number: pushCount, t: t))
    }

    mutating func addLocationError(code: String, message: String, t: Double) {
        locationErrorCount += 1
        addMark(.location, at: lastFix?.coordinate ?? track.first, code: code, message: message, t: t)
        guard locationErrors.count < Self.locationErrorLimit else { return }
        locationErrors.append(
            SVGText.truncate(message.isEmpty ? "code \(code)" : "code \(code): \(message)", to: Self.markerTextLimit))
    }

    mutating func addProviderError(provider: String, code: String, message: String, t: Double) {
        providerErrorCount += 1
        let label = provider.isEmpty ? code : "\(provider): \(code)"
        addMark(.provider, at: lastPlace?.coordinate ?? lastFix?.coordinate, code: label, message: message, t: t)
    }

    mutating func addRegionError(identifier: String, code: String, message: String, t: Double) {
        regionErrorCount += 1
        let label = identifier.isEmpty ? code : "\(identifier): \(code)"
        addMark(.region, at: lastFix?.coordinate ?? track.first, code: label, message: message, t: t)
    }

    /// Adds a failure mark at `anchor`, folded into the pending one when kind and anchor match. A
    /// location or region error before the first track point (a denied authorization at t = 0)
    /// waits for that point.
    private mutating func addMark(
        _ kind: MapFailureMark.Kind, at anchor: Coordinate?, code: String, message: String, t: Double
    ) {
        let mark = MapFailureMark(
            kind: kind, coordinate: anchor ?? Coordinate(latitude: 0, longitude: 0), count: 1,
            codes: [SVGText.truncate(code, to: Self.placeNameLimit)],
            message: SVGText.truncate(message, to: Self.markerTextLimit), t: t)
        guard anchor != nil else {
            // At most a few: what does not fold into the last one is dropped (still counted).
            if kind != .provider, track.count == 0, unanchoredMarks.count < Self.locationErrorLimit {
                unanchoredMarks = Self.folding(mark, into: unanchoredMarks)
            }
            return
        }
        addMark(mark)
    }

    private mutating func addMark(_ mark: MapFailureMark) {
        if let pendingMark, pendingMark.kind == mark.kind, pendingMark.coordinate == mark.coordinate {
            self.pendingMark = Self.folding(mark, into: [pendingMark])[0]
            return
        }
        if let pendingMark { marks.append(pendingMark) }
        pendingMark = mark
    }

    /// `marks` with `mark` folded into the last one when their kinds match, else appended.
    private static func folding(_ mark: MapFailureMark, into marks: [MapFailureMark]) -> [MapFailureMark] {
        guard var last = marks.last, last.kind == mark.kind else { return marks + [mark] }
        last.count += mark.count
        for code in mark.codes where !last.codes.contains(code) && last.codes.count < markCodeLimit {
            last.codes.append(code)
        }
        return marks.dropLast() + [last]
    }
}
