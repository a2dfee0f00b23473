import LocSimLocationCore

/// Renders a ``MapScene`` as a self-contained SVG map: no network, no tiles, no fonts beyond the
/// generic `sans-serif`.
///
/// The map uses Web Mercator at a continuous zoom fitted to everything drawn (track, fixes and
/// their circles, places), north up. Layers, bottom to top: accuracy circles (blue, filled),
/// distance-filter circles (red, dashed: the circle the device must leave before the next update
/// is delivered), the raw track (thin grey line), delivered fixes (green dots), failed geocodes
/// (orange ×), advisories (numbered amber triangles) and pushes (purple diamonds) with the full
/// text as a `<title>` tooltip, provider, location and region errors (red squares, struck
/// circles, brown rings, below their anchor), place labels (thinned so none overlap), a scale
/// bar and a north arrow; optional context layers (coastlines, borders) lie under it all. The
/// canvas follows the shape of the run (``MapLayout``); a panel on the right of the map, or
/// below a wide one, holds the legend, the settings and the run's figures.
///
/// Output is deterministic: fixed element order, numbers printed with
/// ``SVGText/number(_:decimals:)`` (positions 1–2 decimals), every text XML-escaped. Its size
/// is bounded by the scene's limits and ``SVGMapOptions/maxCircledFixes``: with the default
/// limits every layer filled to the brim stays under 2 MB; a real replay is far smaller.
public struct SVGMapRenderer: Sendable {
    /// Canvas size and drawing limits.
    public var options: SVGMapOptions
    /// Applied to every text and attribute value before it is XML-escaped: the CLI passes its
    /// secret redaction, so placeholders are escaped like any text and the document parses.
    public var redact: @Sendable (String) -> String

    public init(options: SVGMapOptions = SVGMapOptions(), redact: @escaping @Sendable (String) -> String = { $0 }) {
        self.options = options
        self.redact = redact
    }

    /// The SVG document for `scene`, its text through `redact` before escaping.
    public static func render(
        _ scene: MapScene, options: SVGMapOptions = SVGMapOptions(),
        redact: @escaping @Sendable (String) -> String = { $0 }
    ) -> String {
        SVGMapRenderer(options: options, redact: redact).render(scene)
    }

    /// Where the map and the panel go for `scene`: fitted to its extent (see ``MapLayout``)
    /// unless ``SVGMapOptions/fitsTrack`` is false or there is nothing to draw.
    package func layout(for scene: MapScene) -> MapLayout {
        guard options.fitsTrack, let extent = scene.extent else {
            return MapLayout(mapFrame: options.mapFrame, panelWidth: options.panelWidth)
        }
        return MapLayout(aspect: MapLayout.aspect(of: extent), margin: options.margin, panelWidth: options.panelWidth)
    }

    /// The view the map of `scene` is drawn in, or nil when there is nothing to draw.
    package func viewport(for scene: MapScene) -> MapViewport? {
        viewport(for: scene, in: layout(for: scene))
    }

    private func viewport(for scene: MapScene, in layout: MapLayout) -> MapViewport? {
        scene.extent.map { MapViewport(fitting: $0, in: layout.mapFrame, margin: options.margin) }
    }

    /// The SVG document for `scene`.
    public func render(_ scene: MapScene) -> String {
        let layout = layout(for: scene)
        let viewport = viewport(for: scene, in: layout)
        let frame = layout.mapFrame
        var body = SVGWriter(depth: 1, redact: redact)
        body.element("title", text: options.title.map { "locsim map: \($0)" } ?? "locsim map")
        body.open("defs")
        body.open("clipPath", [("id", "map-frame")])
        body.element("rect", Self.rect(frame))
        body.close("clipPath")
        body.close("defs")
        body.element("rect", [("id", "map-background")] + Self.rect(frame) + [("fill", "#f6f5ef")])

        var summary = MapSummary()
        if let viewport {
            summary = drawMap(scene, in: viewport, into: &body)
        } else {
            body.element(
                "text",
                [
                    ("x", SVGText.number(frame.midX, decimals: 1)), ("y", SVGText.number(frame.midY, decimals: 1)),
                    ("text-anchor", "middle"), ("fill", "#555555"), ("font-size", "16"),
                ],
                text: "Nothing to draw: no track points and no delivered fixes")
        }
        body.element(
            "rect",
            [("id", "map-border")] + Self.rect(frame) + [
                ("fill", "none"), ("stroke", "#9a9a9a"), ("stroke-width", "1"),
            ])
        var panel = SVGWriter(depth: 2, redact: redact)
        let panelHeight = drawPanel(scene, summary: summary, viewport: viewport, layout: layout, into: &panel)
        let canvas = layout.canvas(panelHeight: panelHeight)
        let width = SVGText.number(canvas.width, decimals: 0)
        let height = SVGText.number(canvas.height, decimals: 0)

        var svg = SVGWriter(redact: redact)
        svg.line(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        var root: [(String, String)] = [
            ("xmlns", "http://www.w3.org/2000/svg"), ("width", width), ("height", height),
            ("viewBox", "0 0 \(width) \(height)"), ("font-family", "sans-serif"), ("font-size", "12"),
        ]
        if let viewport { root.append(("data-zoom", SVGText.number(viewport.zoom, decimals: 6))) }
        svg.open("svg", root)
        svg.append(body)
        let panelFrame =
            layout.panelPosition == .right
            ? PixelRect(x: frame.maxX, y: 0, width: layout.panelWidth, height: frame.height)
            : PixelRect(x: 0, y: frame.maxY, width: frame.width, height: panelHeight)
        svg.open("g", [("id", "panel"), ("fill", "#222222")])
        svg.element("rect", [("id", "panel-background")] + Self.rect(panelFrame) + [("fill", "#ffffff")])
        svg.append(panel)
        svg.close("g")
        svg.close("svg")
        return svg.output
    }

    /// What the map drew, for the caption.
    struct MapSummary {
        var trackPointsDrawn = 0
        var circledFixes = 0
        var circleStride = 1
        var labelsDrawn = 0
        var scaleBar: ScaleBar?
        /// Points drawn per context layer, in drawing order.
        var contextPoints: [(MapContextLayer, Int)] = []
    }

    private func drawMap(_ scene: MapScene, in viewport: MapViewport, into svg: inout SVGWriter) -> MapSummary {
        var summary = MapSummary()
        let fixes = scene.fixes.elements
        let circleStride = max(1, (fixes.count + options.maxCircledFixes - 1) / max(options.maxCircledFixes, 1))
        let circled = Swift.stride(from: 0, to: fixes.count, by: circleStride).map { fixes[$0] }
        summary.circleStride = circleStride
        summary.circledFixes = circled.count

        svg.open("g", [("id", "map"), ("clip-path", "url(#map-frame)")])
        if let context = options.context, !context.layers.isEmpty {
            summary.contextPoints = drawContext(context, in: viewport, into: &svg)
        }
        svg.open(
            "g",
            [
                ("id", "accuracy-circles"), ("fill", "#1f77b4"), ("fill-opacity", "0.18"), ("stroke", "#1f77b4"),
                ("stroke-opacity", "0.7"), ("stroke-width", "1"),
            ])
        for fix in circled where fix.horizontalAccuracy > 0 {
            svg.element("circle", circle(fix.coordinate, metres: fix.horizontalAccuracy, in: viewport))
        }
        svg.close("g")
        if let distanceFilter = scene.distanceFilter {
            svg.open(
                "g",
                [
                    ("id", "filter-circles"), ("fill", "none"), ("stroke", "#d62728"), ("stroke-width", "1.5"),
                    ("stroke-dasharray", "6 4"),
                ])
            for fix in circled {
                svg.element("circle", circle(fix.coordinate, metres: distanceFilter, in: viewport))
            }
            svg.close("g")
        }
        summary.trackPointsDrawn = drawTrack(scene.track.points, in: viewport, into: &svg)

        let dotPoints = fixes.map { viewport.project($0.coordinate) }
        let dotRadius = Self.dotRadius(dotPoints)
        let radiusText = SVGText.number(dotRadius, decimals: 1)
        svg.open(
            "g",
            [
                ("id", "fixes"), ("fill", "#2ca02c"), ("stroke", "#14541a"),
                ("stroke-width", dotRadius < 3 ? "0.5" : "1"),
            ])
        for point in dotPoints {
            svg.element("circle", [("cx", Self.px(point.x)), ("cy", Self.px(point.y)), ("r", radiusText)])
        }
        svg.close("g")

        svg.open(
            "g",
            [
                ("id", "geocode-failures"), ("stroke", "#ff7f0e"), ("stroke-width", dotRadius < 3 ? "1.5" : "2.5"),
                ("stroke-linecap", "round"),
            ])
        for failure in scene.geocodeFailures {
            let p = viewport.project(failure.coordinate)
            svg.open("path", [("d", SVGPath.cross(x: p.x, y: p.y, arm: dotRadius + 3))])
            let times = failure.count == 1 ? "" : " ×\(failure.count)"
            let codes = failure.codes.joined(separator: ", ")
            svg.element("title", text: "Geocode failed\(times) after fix \(failure.fixNumber) (code \(codes))")
            svg.close("path")
        }
        svg.close("g")

        var placer = LabelPlacer(
            bounds: PixelRect(
                x: viewport.frame.x + 4, y: viewport.frame.y + 4, width: viewport.frame.width - 8,
                height: viewport.frame.height - 8),
            fontSize: 12)
        let scaleBar = ScaleBar(
            metresPerPixel: viewport.groundResolution(atLatitude: viewport.centreLatitude), maxPixels: 160)
        summary.scaleBar = scaleBar
        placer.reserve(scaleBarBox(scaleBar, in: viewport.frame))
        placer.reserve(northArrowBox(in: viewport.frame))
        for point in dotPoints {
            placer.reserve(
                PixelRect(x: point.x - dotRadius, y: point.y - dotRadius, width: 2 * dotRadius, height: 2 * dotRadius))
        }
        drawMarkers(scene.markers.elements, in: viewport, placer: &placer, into: &svg)
        drawFailureMarks(scene.failureMarks, in: viewport, placer: &placer, into: &svg)
        let ordered = Self.labelOrder(
            scene.places.elements, markers: scene.markers.elements, failures: scene.failureMarks)
        summary.labelsDrawn = drawPlaces(
            ordered.places, storyCount: ordered.storyCount, in: viewport, placer: &placer, into: &svg)
        svg.close("g")
        drawScaleBar(scaleBar, in: viewport.frame, into: &svg)
        drawNorthArrow(in: viewport.frame, into: &svg)
        return summary
    }

    /// The attributes of a circle of `metres` around `coordinate`, to scale at its latitude.
    private func circle(_ coordinate: Coordinate, metres: Double, in viewport: MapViewport) -> [(String, String)] {
        let p = viewport.project(coordinate)
        let r = viewport.pixels(metres: metres, atLatitude: coordinate.latitude)
        return [("cx", Self.px(p.x)), ("cy", Self.px(p.y)), ("r", SVGText.number(r, decimals: 2))]
    }

    /// Draws the track, dropping points closer than half a pixel to the previous one drawn.
    private func drawTrack(_ points: [Coordinate], in viewport: MapViewport, into svg: inout SVGWriter) -> Int {
        var drawn: [PixelPoint] = []
        drawn.reserveCapacity(points.count)
        for (index, coordinate) in points.enumerated() {
            let p = viewport.project(coordinate)
            if let last = drawn.last, index != points.count - 1 {
                let dx = p.x - last.x
                let dy = p.y - last.y
                if dx * dx + dy * dy < 0.25 { continue }
            }
            drawn.append(p)
        }
        var text = ""
        text.reserveCapacity(drawn.count * 14)
        for (index, p) in drawn.enumerated() {
            if index > 0 { text += index % 10 == 0 ? "\n" : " " }
            text += Self.px(p.x, decimals: 1) + "," + Self.px(p.y, decimals: 1)
        }
        svg.element(
            "polyline",
            [
                ("id", "track"), ("points", text), ("fill", "none"), ("stroke", "#6e6e6e"), ("stroke-width", "1.2"),
                ("stroke-linejoin", "round"), ("stroke-linecap", "round"),
            ])
        return drawn.count
    }

    /// How many markers sit side by side at one anchor; more are stacked on the last slot.
    static let markerSlotsPerAnchor = 6

    /// Hands out side-by-side slots per anchor: 0, 1, … up to ``markerSlotsPerAnchor`` − 1.
    struct AnchorSlots {
        private var taken: [Coordinate: Int] = [:]

        /// The next slot at `anchor` (the last one again once all are taken).
        mutating func next(at anchor: Coordinate) -> Int {
            let count = taken[anchor, default: 0]
            taken[anchor] = count + 1
            return min(count, SVGMapRenderer.markerSlotsPerAnchor - 1)
        }
    }

    /// Draws advisories (numbered triangles) and pushes (diamonds) above their anchor, side by side
    /// when several share one.
    private func drawMarkers(
        _ markers: [MapMarker], in viewport: MapViewport, placer: inout LabelPlacer, into svg: inout SVGWriter
    ) {
        var slots = AnchorSlots()
        svg.open("g", [("id", "markers"), ("stroke-width", "1.2"), ("stroke-linejoin", "round")])
        for marker in markers {
            let anchor = viewport.project(marker.coordinate)
            let slot = slots.next(at: marker.coordinate)
            let cx = anchor.x + Double(slot) * 22
            let cy = anchor.y - 20
            placer.reserve(PixelRect(x: cx - 11, y: cy - 11, width: 22, height: 22))
            switch marker.kind {
            case .advisory:
                svg.open("g", [("class", "advisory")])
                svg.element("title", text: "Advisory \(marker.number): \(marker.text)")
                svg.element(
                    "path", [("d", SVGPath.advisory(x: cx, y: cy)), ("fill", "#ffbf00"), ("stroke", "#7a5200")])
                svg.element(
                    "text",
                    [
                        ("x", Self.px(cx)), ("y", Self.px(cy + 6)), ("text-anchor", "middle"), ("font-size", "10"),
                        ("font-weight", "bold"), ("fill", "#000000"),
                    ],
                    text: String(marker.number))
                svg.close("g")
            case .push:
                svg.open("g", [("class", "push")])
                svg.element("title", text: "Push \(marker.number): \(marker.text)")
                svg.element("path", [("d", SVGPath.push(x: cx, y: cy)), ("fill", "#9467bd"), ("stroke", "#3b2266")])
                svg.close("g")
            }
        }
        svg.close("g")
    }

    /// The places in the order they claim label slots: those where an advisory, a push or a
    /// failure was marked first (the places the run's story is about), then the rest, each group
    /// in run order; `storyCount` is how many come first.
    static func labelOrder(
        _ places: [MapPlace], markers: [MapMarker], failures: [MapFailureMark] = []
    ) -> (places: [MapPlace], storyCount: Int) {
        let marked = Set(
            markers.map { [$0.coordinate.latitude, $0.coordinate.longitude] }
                + failures.map { [$0.coordinate.latitude, $0.coordinate.longitude] })
        let isMarked = { (place: MapPlace) in marked.contains([place.coordinate.latitude, place.coordinate.longitude]) }
        let story = places.filter(isMarked)
        return (story + places.filter { !isMarked($0) }, story.count)
    }

    /// The rings a label tries (extra pixels out from its anchor): the near one, then, for a
    /// marked place whose markers and fixes crowd it, two wider ones before it goes unlabelled.
    static let storyLabelRings: [Double] = [0, 13, 27]

    /// Draws place labels that find a free spot; returns how many were drawn. The first
    /// `storyCount` places (the marked ones) also try the wider rings of ``storyLabelRings``.
    private func drawPlaces(
        _ places: [MapPlace], storyCount: Int, in viewport: MapViewport, placer: inout LabelPlacer,
        into svg: inout SVGWriter
    ) -> Int {
        var drawn = 0
        svg.open(
            "g",
            [
                ("id", "places"), ("fill", "#1a1a1a"), ("stroke", "#ffffff"), ("stroke-width", "3"),
                ("stroke-linejoin", "round"), ("paint-order", "stroke"),
            ])
        for (index, place) in places.enumerated() where drawn < options.maxLabels {
            let point = viewport.project(place.coordinate)
            let rings = index < storyCount ? Self.storyLabelRings : [0]
            var found: LabelPlacer.Placement?
            for ring in rings where found == nil { found = placer.place(place.name, near: point, clearance: ring) }
            guard let placement = found else { continue }
            var attributes = [("x", Self.px(placement.x)), ("y", Self.px(placement.y))]
            if placement.anchor != "start" { attributes.append(("text-anchor", placement.anchor)) }
            svg.element("text", attributes, text: place.name)
            drawn += 1
        }
        svg.close("g")
        return drawn
    }

    /// The radius of the fix dots: 4 px, shrunk down to 1.5 px when consecutive fixes lie closer
    /// than about 10 px (median spacing), so a dense run reads as a line of dots, not a blob.
    static func dotRadius(_ points: [PixelPoint]) -> Double {
        guard points.count > 1 else { return 4 }
        var spacings = zip(points, points.dropFirst()).map { a, b in
            ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        }
        spacings.sort()
        let median = spacings[spacings.count / 2]
        return min(4, max(1.5, (median / 2.5 * 2).rounded() / 2))
    }

    /// A pixel coordinate with up to `decimals` decimals.
    static func px(_ value: Double, decimals: Int = 2) -> String {
        SVGText.number(value, decimals: decimals)
    }

    /// The `x`, `y`, `width`, `height` attributes of a rectangle.
    static func rect(_ r: PixelRect) -> [(String, String)] {
        [("x", px(r.x)), ("y", px(r.y)), ("width", px(r.width)), ("height", px(r.height))]
    }
}
