extension SVGMapRenderer {
    /// The stroke of each context layer: colour, width, dash pattern (nil for solid).
    static func contextStyle(_ layer: MapContextLayer) -> (stroke: String, width: String, dash: String?) {
        switch layer {
        case .coast: ("#6f9fc0", "1.2", nil)
        case .states: ("#b5a58c", "0.8", "4 3")
        case .borders: ("#8a7560", "1.4", "7 3 2 3")
        }
    }

    /// A context layer's legend text.
    static func contextTitle(_ layer: MapContextLayer) -> String {
        switch layer {
        case .coast: "Coastline"
        case .states: "State or province line"
        case .borders: "Country border"
        }
    }

    /// The geographic box the viewport shows (the frame's corners, unprojected).
    func visibleBounds(_ viewport: MapViewport) -> GeoBounds {
        let size = viewport.worldSize
        let frame = viewport.frame
        let west = (viewport.centreX + (frame.x - frame.midX) / size) * 360 - 180
        let east = (viewport.centreX + (frame.maxX - frame.midX) / size) * 360 - 180
        let north = MapViewport.latitude(unitY: viewport.centreY + (frame.y - frame.midY) / size)
        let south = MapViewport.latitude(unitY: viewport.centreY + (frame.maxY - frame.midY) / size)
        return GeoBounds(south: south, west: west, north: north, east: east)
    }

    /// Draws the chosen context layers under everything else, each line cut to the map frame;
    /// returns how many points were drawn per layer.
    func drawContext(
        _ context: MapContext, in viewport: MapViewport, into svg: inout SVGWriter
    ) -> [(MapContextLayer, Int)] {
        let bounds = visibleBounds(viewport)
        let frame = viewport.frame
        let clipper = PolylineClipper(
            rect: PixelRect(x: frame.x - 2, y: frame.y - 2, width: frame.width + 4, height: frame.height + 4),
            minimumSpacing: 0.5)
        var counts: [(MapContextLayer, Int)] = []
        svg.open("g", [("id", "context"), ("fill", "none"), ("stroke-linejoin", "round")])
        for layer in MapContextLayer.drawingOrder where context.layers.contains(layer) {
            var d = ""
            var drawn = 0
            for line in context.lines.lines(layer, meeting: bounds) {
                var pixels: [PixelPoint] = []
                pixels.reserveCapacity(line.points.count / 2)
                for index in Swift.stride(from: 0, to: line.points.count, by: 2) {
                    pixels.append(
                        viewport.project(
                            unitX: WebMercator.unitX(longitude: line.points[index]),
                            unitY: WebMercator.unitY(latitude: line.points[index + 1])))
                }
                for run in clipper.clip(pixels) {
                    if !d.isEmpty { d += "\n" }
                    for (index, p) in run.enumerated() {
                        d += (index == 0 ? "M" : "L") + Self.px(p.x, decimals: 1) + " " + Self.px(p.y, decimals: 1)
                    }
                    drawn += run.count
                }
            }
            counts.append((layer, drawn))
            guard !d.isEmpty else { continue }
            let style = Self.contextStyle(layer)
            var attributes = [
                ("id", "context-\(layer.rawValue)"), ("d", d), ("stroke", style.stroke), ("stroke-width", style.width),
            ]
            if let dash = style.dash { attributes.append(("stroke-dasharray", dash)) }
            svg.element("path", attributes)
        }
        svg.close("g")
        return counts
    }
}
