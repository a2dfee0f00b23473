/// Where the map and the panel go on the canvas, and how big the canvas is.
///
/// A fitted layout follows the shape of what the map must show: its aspect (width over height
/// of the projected box, clamped to ``aspectRange``) sets the map's size, so an east–west drive
/// gets a wide map instead of a square with most of it empty. A map at most as wide as it is tall
/// is ``sideLength`` px tall with the panel on its right; a wider one is up to ``wideWidth`` px wide
/// with the panel below it, in columns of the panel's width.
package struct MapLayout: Sendable, Hashable {
    /// Where the panel sits.
    package enum PanelPosition: String, Sendable, Hashable {
        /// Right of the map, one column the map's height.
        case right
        /// Below the map, in columns across the map's width.
        case below
    }

    /// The part of the canvas the map takes.
    package let mapFrame: PixelRect
    /// Where the panel goes.
    package let panelPosition: PanelPosition
    /// The panel's width (on the right) or the width of one column (below).
    package let panelWidth: Double

    /// The longer side of a map no wider than it is tall, in pixels.
    package static let sideLength = 900.0
    /// The widest a map with the panel below it gets, in pixels.
    package static let wideWidth = 1200.0
    /// The aspects (width / height) a fitted map may take: from 1 : 2 to 3 : 1.
    package static let aspectRange = 0.5...3.0

    /// A layout with a fixed map frame and the panel on the right (the canvas is the frame plus
    /// the panel).
    package init(mapFrame: PixelRect, panelWidth: Double) {
        self.mapFrame = mapFrame
        self.panelPosition = .right
        self.panelWidth = panelWidth
    }

    /// The layout for a map of `aspect` (width / height of what it must show) with `margin` px kept
    /// free on every side.
    package init(aspect: Double, margin: Double, panelWidth: Double) {
        let aspect = min(max(aspect.isFinite ? aspect : 1, Self.aspectRange.lowerBound), Self.aspectRange.upperBound)
        self.panelWidth = panelWidth
        if aspect <= 1 {
            let usable = Self.sideLength - 2 * margin
            let width = Self.wholePixels(usable * aspect + 2 * margin)
            self.mapFrame = PixelRect(x: 0, y: 0, width: width, height: Self.sideLength)
            self.panelPosition = .right
        } else {
            let width = min(Self.wideWidth, Self.wholePixels(Self.sideLength * aspect))
            let height = Self.wholePixels((width - 2 * margin) / aspect + 2 * margin)
            self.mapFrame = PixelRect(x: 0, y: 0, width: width, height: height)
            self.panelPosition = .below
        }
    }

    /// `value` rounded up to whole pixels, ignoring rounding noise (`1.1 · 900` is 990).
    static func wholePixels(_ value: Double) -> Double {
        (value - 1e-9).rounded(.up)
    }

    /// The aspect (width / height) of `box` once widened to the viewport's minimum extent.
    package static func aspect(of box: MercatorBox) -> Double {
        let centreLatitude = MapViewport.latitude(unitY: (box.minY + box.maxY) / 2)
        let minimumSpan = WebMercator.unitDistance(metres: MapViewport.minimumExtent, latitude: centreLatitude)
        return max(box.width, minimumSpan) / max(box.height, minimumSpan)
    }

    /// How many panel columns fit (1 on the right).
    package var panelColumns: Int {
        panelPosition == .right ? 1 : max(Int((mapFrame.width / panelWidth).rounded(.down)), 1)
    }

    /// The canvas size once the panel's height (below the map; ignored on the right) is known.
    package func canvas(panelHeight: Double) -> (width: Double, height: Double) {
        switch panelPosition {
        case .right: (mapFrame.maxX + panelWidth, mapFrame.maxY)
        case .below: (mapFrame.maxX, mapFrame.maxY + panelHeight)
        }
    }
}
