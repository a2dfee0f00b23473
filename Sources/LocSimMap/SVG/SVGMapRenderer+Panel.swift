extension SVGMapRenderer {
    /// Writes panel lines top to bottom and drops those that would run off the canvas.
    struct PanelCursor {
        let x: Double
        var y: Double
        let bottom: Double
        let maxCharacters: Int

        func fits(_ height: Double) -> Bool { y + height <= bottom }
    }

    /// The most a panel below the map may grow, in pixels; what does not fit is cut.
    static let maxPanelHeight = 640.0

    /// Draws the panel's content: title, legend, settings, the run's figures and the list of
    /// advisories, in one column on the right of the map or in columns below it (one section a
    /// column; the last column takes the sections left). Returns the height the content needs
    /// below the map (for a panel on the right, the map's height).
    func drawPanel(
        _ scene: MapScene, summary: MapSummary, viewport: MapViewport?, layout: MapLayout, into svg: inout SVGWriter
    ) -> Double {
        let frame = layout.mapFrame
        let below = layout.panelPosition == .below
        let top = below ? frame.maxY : frame.y
        let bottom = (below ? top + Self.maxPanelHeight : frame.maxY) - 12
        let x0 = below ? frame.x : frame.maxX
        let maxCharacters = max(Int((layout.panelWidth - 40) / (12 * 0.55)), 8)
        var column = 0
        var lowest = top
        func columnCursor(_ column: Int) -> PanelCursor {
            PanelCursor(
                x: x0 + Double(column) * layout.panelWidth + 20, y: top + 2, bottom: bottom,
                maxCharacters: maxCharacters)
        }
        var cursor = columnCursor(0)
        func section(_ index: Int) {
            let wanted = min(index, layout.panelColumns - 1)
            guard wanted != column else { return }
            lowest = max(lowest, cursor.y)
            column = wanted
            cursor = columnCursor(wanted)
        }

        cursor.y = top + 34
        svg.element(
            "text", [("x", Self.px(cursor.x)), ("y", Self.px(cursor.y)), ("font-size", "18"), ("font-weight", "bold")],
            text: "locsim map")
        if let title = options.title {
            cursor.y += 20
            svg.element(
                "text", [("x", Self.px(cursor.x)), ("y", Self.px(cursor.y)), ("fill", "#555555")],
                text: SVGText.truncate(title, to: cursor.maxCharacters))
        }

        drawLegend(scene, summary: summary, cursor: &cursor, into: &svg)
        section(1)
        heading("Settings", cursor: &cursor, into: &svg)
        for (key, value) in scene.settings {
            line("\(key): \(value)", cursor: &cursor, into: &svg)
        }
        if scene.settings.isEmpty { line("(none given)", cursor: &cursor, into: &svg) }
        section(2)
        heading("Run", cursor: &cursor, into: &svg)
        for text in figures(scene, summary: summary, viewport: viewport) {
            line(text, cursor: &cursor, into: &svg)
        }
        let advisories = scene.markers.elements.filter { $0.kind == .advisory }
        if !advisories.isEmpty {
            section(3)
            heading("Advisories", cursor: &cursor, into: &svg)
            for (index, advisory) in advisories.enumerated() {
                let remaining = advisories.count - index
                if remaining > 1, !cursor.fits(Double(17 * (Self.maxWrappedLines + 1))) {
                    line("… and \(remaining) more", cursor: &cursor, into: &svg)
                    break
                }
                line("\(advisory.number). \(advisory.text)", cursor: &cursor, into: &svg)
            }
        }
        lowest = max(lowest, cursor.y)
        return below ? (lowest - top + 16).rounded(.up) : frame.height
    }

    /// The legend: what every mark means, with counts; events and context layers only when the
    /// map has them.
    private func drawLegend(
        _ scene: MapScene, summary: MapSummary, cursor: inout PanelCursor, into svg: inout SVGWriter
    ) {
        heading("Legend", cursor: &cursor, into: &svg)
        svg.open("g", [("id", "legend")])
        let sx = cursor.x + 14
        let tx = cursor.x + 36
        func entry(_ text: String, note: String? = nil, symbol: (Double, inout SVGWriter) -> Void) {
            cursor.y += 24
            symbol(cursor.y - 4, &svg)
            svg.element("text", [("x", Self.px(tx)), ("y", Self.px(cursor.y))], text: text)
            if let note {
                cursor.y += 15
                svg.element(
                    "text", [("x", Self.px(tx)), ("y", Self.px(cursor.y)), ("font-size", "11"), ("fill", "#666666")],
                    text: note)
            }
        }
        entry("Raw track (\(SVGText.count(scene.track.count)) points)") { y, svg in
            svg.element(
                "path",
                [
                    ("d", SVGPath.polyline([(sx - 13, y + 3), (sx - 3, y - 3), (sx + 13, y + 1)])),
                    ("fill", "none"), ("stroke", "#6e6e6e"), ("stroke-width", "1.2"),
                ])
        }
        entry("Delivered fix (\(SVGText.count(scene.fixCount)))") { y, svg in
            svg.element(
                "circle",
                [("cx", Self.px(sx)), ("cy", Self.px(y)), ("r", "4"), ("fill", "#2ca02c"), ("stroke", "#14541a")])
        }
        entry("Accuracy radius", note: "horizontalAccuracy, to scale") { y, svg in
            svg.element(
                "circle",
                [
                    ("cx", Self.px(sx)), ("cy", Self.px(y)), ("r", "9"), ("fill", "#1f77b4"), ("fill-opacity", "0.18"),
                    ("stroke", "#1f77b4"), ("stroke-opacity", "0.7"),
                ])
        }
        let filterText =
            scene.distanceFilter.map { "Distance filter (\(SVGText.number($0, decimals: 1)) m)" }
            ?? "Distance filter: none"
        entry(filterText, note: "the next fix is delivered outside it") { y, svg in
            svg.element(
                "circle",
                [
                    ("cx", Self.px(sx)), ("cy", Self.px(y)), ("r", "10"), ("fill", "none"), ("stroke", "#d62728"),
                    ("stroke-width", "1.5"), ("stroke-dasharray", "6 4"),
                ])
        }
        entry("Geocoded place (\(SVGText.count(scene.geocodeCount)))") { y, svg in
            svg.element(
                "text", [("x", Self.px(sx)), ("y", Self.px(y + 4)), ("text-anchor", "middle"), ("font-size", "11")],
                text: "Abc")
        }
        if scene.geocodeFailureCount > 0 {
            entry("Geocode failed (\(SVGText.count(scene.geocodeFailureCount)))") { y, svg in
                svg.element(
                    "path",
                    [
                        ("d", SVGPath.cross(x: sx, y: y, arm: 6)),
                        ("stroke", "#ff7f0e"), ("stroke-width", "2.5"), ("stroke-linecap", "round"),
                    ])
            }
        }
        for kind in MapFailureMark.Kind.allCases where scene.failureCount(kind) > 0 {
            entry("\(Self.failureTitle(kind)) (\(SVGText.count(scene.failureCount(kind))))") { y, svg in
                Self.drawFailureSymbol(kind, x: sx, y: y, into: &svg)
            }
        }
        if scene.advisoryCount > 0 {
            entry("Advisory (\(SVGText.count(scene.advisoryCount)))") { y, svg in
                svg.element(
                    "path",
                    [
                        ("d", SVGPath.advisory(x: sx, y: y)),
                        ("fill", "#ffbf00"), ("stroke", "#7a5200"),
                    ])
            }
        }
        if scene.pushCount > 0 {
            entry("Push (\(SVGText.count(scene.pushCount)))") { y, svg in
                svg.element(
                    "path",
                    [
                        ("d", SVGPath.push(x: sx, y: y)),
                        ("fill", "#9467bd"), ("stroke", "#3b2266"),
                    ])
            }
        }
        for (layer, points) in summary.contextPoints where points > 0 {
            let style = Self.contextStyle(layer)
            entry(Self.contextTitle(layer)) { y, svg in
                var attributes = [
                    ("d", SVGPath.polyline([(sx - 13, y), (sx + 13, y)])), ("fill", "none"), ("stroke", style.stroke),
                    ("stroke-width", style.width),
                ]
                if let dash = style.dash { attributes.append(("stroke-dasharray", dash)) }
                svg.element("path", attributes)
            }
        }
        svg.close("g")
    }

    /// The run's figures: what was seen and how much of it is drawn.
    func figures(_ scene: MapScene, summary: MapSummary, viewport: MapViewport?) -> [String] {
        var lines: [String] = []
        let trackCount = scene.track.count
        lines.append(
            summary.trackPointsDrawn == trackCount
                ? "Track: \(SVGText.count(trackCount)) points"
                : "Track: \(SVGText.count(trackCount)) points, \(SVGText.count(summary.trackPointsDrawn)) drawn")
        let fixesDrawn = scene.fixes.elements.count
        lines.append(
            fixesDrawn == scene.fixCount
                ? "Fixes delivered: \(SVGText.count(scene.fixCount))"
                : "Fixes: \(SVGText.count(scene.fixCount)) delivered, 1 in \(scene.fixes.stride) drawn")
        if summary.circleStride > 1 || fixesDrawn != scene.fixCount {
            lines.append(
                "Circles drawn for \(SVGText.count(summary.circledFixes)) of \(SVGText.count(scene.fixCount)) fixes")
        }
        lines.append(
            "Geocodes: \(SVGText.count(scene.geocodeCount)) ok, \(SVGText.count(scene.geocodeFailureCount)) failed")
        lines.append("Place labels: \(SVGText.count(summary.labelsDrawn)) of \(SVGText.count(scene.places.total))")
        lines.append("Advisories: \(SVGText.count(scene.advisoryCount)), pushes: \(SVGText.count(scene.pushCount))")
        if scene.providerErrorCount > 0 {
            lines.append("Provider errors: \(SVGText.count(scene.providerErrorCount))")
        }
        if scene.regionErrorCount > 0 {
            lines.append("Region errors: \(SVGText.count(scene.regionErrorCount))")
        }
        if scene.locationErrorCount > 0 {
            lines.append("Location errors: \(SVGText.count(scene.locationErrorCount))")
            lines += scene.locationErrors.map { "  \($0)" }
        }
        if let context = options.context, !context.layers.isEmpty {
            lines.append("Context: \(context.attribution)")
        }
        if let viewport, let bar = summary.scaleBar {
            let latitude = viewport.centreLatitude
            let hemisphere = latitude < 0 ? "S" : "N"
            let resolution = bar.metres / bar.pixels
            lines.append(
                "Scale: 1 px = \(SVGText.number(resolution, decimals: resolution < 10 ? 2 : 1)) m at "
                    + "\(SVGText.number(abs(latitude), decimals: 2))° \(hemisphere)")
            lines.append("Web Mercator, zoom \(SVGText.number(viewport.zoom, decimals: 2))")
        }
        return lines
    }

    private func heading(_ text: String, cursor: inout PanelCursor, into svg: inout SVGWriter) {
        guard cursor.fits(32) else { return }
        cursor.y += 32
        svg.element(
            "text", [("x", Self.px(cursor.x)), ("y", Self.px(cursor.y)), ("font-size", "14"), ("font-weight", "bold")],
            text: text)
    }

    /// Writes `text`, wrapped at spaces onto up to ``maxWrappedLines`` lines (continuations
    /// indented), the last one truncated if it still does not fit.
    private func line(_ text: String, cursor: inout PanelCursor, into svg: inout SVGWriter) {
        for (index, part) in Self.wrap(text, width: cursor.maxCharacters).enumerated() {
            guard cursor.fits(17) else { return }
            cursor.y += 17
            svg.element(
                "text", [("x", Self.px(cursor.x + (index == 0 ? 0 : 12))), ("y", Self.px(cursor.y))], text: part)
        }
    }

    /// The most lines one panel entry wraps onto.
    static let maxWrappedLines = 3

    /// `text` broken at spaces into lines of at most `width` characters (continuation lines
    /// `width - 2`, as they are indented); a word longer than a line is cut.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            let limit = lines.isEmpty ? width : width - 2
            if lines.count == maxWrappedLines - 1 || rest.count <= limit {
                lines.append(SVGText.truncate(String(rest), to: limit))
                break
            }
            let window = rest.prefix(limit + 1)
            let cut =
                window.lastIndex(of: " ").flatMap { $0 > rest.startIndex ? $0 : nil }
                ?? rest.index(rest.startIndex, offsetBy: limit)
            lines.append(String(rest[..<cut]))
            rest = rest[cut...].drop { $0 == " " }
        }
        return lines
    }
}
