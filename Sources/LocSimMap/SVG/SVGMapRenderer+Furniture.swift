extension SVGMapRenderer {
    /// The box the scale bar and its label take, bottom left of the map.
    func scaleBarBox(_ bar: ScaleBar, in frame: PixelRect) -> PixelRect {
        PixelRect(x: frame.x + 12, y: frame.maxY - 48, width: max(bar.pixels, 40) + 16, height: 36)
    }

    /// The box the north arrow takes, top right of the map.
    func northArrowBox(in frame: PixelRect) -> PixelRect {
        PixelRect(x: frame.maxX - 52, y: frame.y + 8, width: 40, height: 62)
    }

    /// Draws the scale bar: a black bar of ``ScaleBar/pixels`` with its distance above it.
    func drawScaleBar(_ bar: ScaleBar, in frame: PixelRect, into svg: inout SVGWriter) {
        let box = scaleBarBox(bar, in: frame)
        let x = box.x + 8
        let y = box.maxY - 10
        svg.open("g", [("id", "scale-bar")])
        svg.element("rect", Self.rect(box) + [("fill", "#ffffff"), ("fill-opacity", "0.85"), ("rx", "3")])
        svg.element(
            "rect",
            [
                ("id", "scale-bar-bar"), ("x", Self.px(x)), ("y", Self.px(y)), ("width", Self.px(bar.pixels)),
                ("height", "4"), ("fill", "#222222"),
            ])
        svg.element(
            "text", [("id", "scale-bar-label"), ("x", Self.px(x)), ("y", Self.px(y - 6)), ("fill", "#222222")],
            text: bar.label)
        svg.close("g")
    }

    /// Draws a north arrow (Web Mercator maps are north up everywhere).
    func drawNorthArrow(in frame: PixelRect, into svg: inout SVGWriter) {
        let box = northArrowBox(in: frame)
        let cx = box.midX
        let top = box.y + 22
        svg.open("g", [("id", "north-arrow")])
        svg.element(
            "text",
            [
                ("x", Self.px(cx)), ("y", Self.px(box.y + 16)), ("text-anchor", "middle"), ("font-size", "14"),
                ("font-weight", "bold"), ("fill", "#222222"),
            ],
            text: "N")
        let d = SVGPath.polygon([(cx, top), (cx + 10, top + 34), (cx, top + 26), (cx - 10, top + 34)])
        svg.element("path", [("d", d), ("fill", "#222222"), ("stroke", "#ffffff"), ("stroke-width", "1")])
        svg.close("g")
    }
}
