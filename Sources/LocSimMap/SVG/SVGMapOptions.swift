/// Canvas size, drawing limits and context layers for ``SVGMapRenderer``.
public struct SVGMapOptions: Sendable, Hashable {
    /// Whether the canvas follows the shape of what the map shows (``MapLayout``); when false, or
    /// when there is nothing to draw, it is ``width`` × ``height`` with the panel on the right.
    public var fitsTrack: Bool
    /// The fixed canvas width in pixels, panel included.
    public var width: Double
    /// The fixed canvas height in pixels.
    public var height: Double
    /// The width of the panel on the right holding the legend and the caption.
    public var panelWidth: Double
    /// The space kept free around what the map must show.
    public var margin: Double
    /// The most fixes that get accuracy and distance-filter circles; beyond it circles are drawn
    /// for an evenly spaced subset and the caption says so.
    public var maxCircledFixes: Int
    /// The most place labels drawn (after overlap thinning).
    public var maxLabels: Int
    /// A heading for the panel (the track's file name, say); nil for none.
    public var title: String?
    /// Background geography (coastlines, borders) to draw under the run; nil for none.
    public var context: MapContext?

    public init(
        fitsTrack: Bool = true, width: Double = 1200, height: Double = 900, panelWidth: Double = 300,
        margin: Double = 40, maxCircledFixes: Int = 400, maxLabels: Int = 200, title: String? = nil,
        context: MapContext? = nil
    ) {
        self.fitsTrack = fitsTrack
        self.width = width
        self.height = height
        self.panelWidth = panelWidth
        self.margin = margin
        self.maxCircledFixes = maxCircledFixes
        self.maxLabels = maxLabels
        self.title = title
        self.context = context
    }

    /// The part of a fixed canvas the map takes.
    package var mapFrame: PixelRect { PixelRect(x: 0, y: 0, width: max(width - panelWidth, 1), height: height) }
}
