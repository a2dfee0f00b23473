/// The context layers a map draws and the lines they come from.
public struct MapContext: Sendable, Hashable {
    /// The layers to draw (drawn in ``MapContextLayer/drawingOrder`` whatever the order here).
    public var layers: [MapContextLayer]
    /// Where their lines come from: usually ``MapContextLines/bundled``.
    public var lines: MapContextLines
    /// Who made the data, for the panel.
    public var attribution: String

    public init(
        layers: [MapContextLayer], lines: MapContextLines, attribution: String = "Natural Earth (public domain)"
    ) {
        self.layers = layers
        self.lines = lines
        self.attribution = attribution
    }
}
