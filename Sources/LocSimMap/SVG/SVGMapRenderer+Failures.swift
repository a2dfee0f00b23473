extension SVGMapRenderer {
    /// What a failure mark is called in its tooltip and in the legend.
    static func failureTitle(_ kind: MapFailureMark.Kind) -> String {
        switch kind {
        case .provider: "Provider error"
        case .location: "Location error"
        case .region: "Region error"
        }
    }

    /// Draws the symbol of a failure mark centred on (`x`, `y`): a red square with `!` for a
    /// provider, a struck circle for a location error, a brown ring with `R` for a region.
    static func drawFailureSymbol(_ kind: MapFailureMark.Kind, x: Double, y: Double, into svg: inout SVGWriter) {
        switch kind {
        case .provider:
            svg.element(
                "path", [("d", SVGPath.square(x: x, y: y, half: 7)), ("fill", "#d62728"), ("stroke", "#6b1010")])
            letter("!", x: x, y: y, fill: "#ffffff", into: &svg)
        case .location:
            svg.element(
                "circle",
                [
                    ("cx", px(x)), ("cy", px(y)), ("r", "7"), ("fill", "#ffffff"), ("stroke", "#6b1010"),
                    ("stroke-width", "2"),
                ])
            svg.element(
                "path",
                [
                    ("d", SVGPath.polyline([(x - 5, y + 5), (x + 5, y - 5)])), ("stroke", "#6b1010"),
                    ("stroke-width", "2"),
                ])
        case .region:
            svg.element(
                "circle",
                [
                    ("cx", px(x)), ("cy", px(y)), ("r", "7"), ("fill", "#ffffff"), ("stroke", "#8c564b"),
                    ("stroke-width", "2"),
                ])
            letter("R", x: x, y: y, fill: "#8c564b", into: &svg)
        }
    }

    private static func letter(_ text: String, x: Double, y: Double, fill: String, into svg: inout SVGWriter) {
        svg.element(
            "text",
            [
                ("x", px(x)), ("y", px(y + 4)), ("text-anchor", "middle"), ("font-size", "11"), ("font-weight", "bold"),
                ("fill", fill), ("stroke", "none"),
            ],
            text: text)
    }

    /// Draws provider, location and region failure marks below their anchor, side by side when
    /// several share one, each with a tooltip: kind, count, codes and the first message.
    func drawFailureMarks(
        _ marks: [MapFailureMark], in viewport: MapViewport, placer: inout LabelPlacer, into svg: inout SVGWriter
    ) {
        guard !marks.isEmpty else { return }
        var slots = AnchorSlots()
        svg.open("g", [("id", "failure-marks"), ("stroke-width", "1.2"), ("stroke-linejoin", "round")])
        for mark in marks {
            let anchor = viewport.project(mark.coordinate)
            let slot = slots.next(at: mark.coordinate)
            let cx = anchor.x + Double(slot) * 18
            let cy = anchor.y + 18
            placer.reserve(PixelRect(x: cx - 9, y: cy - 9, width: 18, height: 18))
            svg.open("g", [("class", "\(mark.kind.rawValue)-error")])
            let times = mark.count == 1 ? "" : " ×\(mark.count)"
            let message = mark.message.isEmpty ? "" : ": \(mark.message)"
            svg.element(
                "title",
                text: "\(Self.failureTitle(mark.kind))\(times) (\(mark.codes.joined(separator: ", ")))\(message)")
            Self.drawFailureSymbol(mark.kind, x: cx, y: cy, into: &svg)
            svg.close("g")
        }
        svg.close("g")
    }
}
