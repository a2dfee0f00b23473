import Foundation
package import LocSimLocationCore

/// A rectangle in canvas pixels.
package struct PixelRect: Sendable, Hashable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double

    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package var maxX: Double { x + width }
    package var maxY: Double { y + height }
    package var midX: Double { x + width / 2 }
    package var midY: Double { y + height / 2 }

    /// Whether the two rectangles share interior area.
    package func intersects(_ other: PixelRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// Whether `other` lies entirely inside this rectangle.
    package func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }
}

/// A point in canvas pixels (y grows downwards).
package struct PixelPoint: Sendable, Hashable {
    package var x: Double
    package var y: Double

    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A Web Mercator view at a continuous zoom, fitted so that a box fills a canvas rectangle.
package struct MapViewport: Sendable, Hashable {
    /// The continuous zoom level: the world is `256 · 2^zoom` pixels wide.
    package let zoom: Double
    /// The rectangle of the canvas the map occupies.
    package let frame: PixelRect
    /// The unit coordinate drawn at the centre of ``frame``.
    package let centreX: Double
    package let centreY: Double

    /// The smallest extent a view shows, in metres, so that a single fix still has a scale.
    package static let minimumExtent = 200.0

    /// The view that shows `box` as large as possible inside `frame` less `margin` on every side,
    /// centred. A box smaller than ``minimumExtent`` metres is widened about its centre.
    package init(fitting box: MercatorBox, in frame: PixelRect, margin: Double) {
        let centreX = (box.minX + box.maxX) / 2
        let centreY = (box.minY + box.maxY) / 2
        let centreLatitude = MapViewport.latitude(unitY: centreY)
        let minimumSpan = WebMercator.unitDistance(metres: Self.minimumExtent, latitude: centreLatitude)
        let spanX = max(box.width, minimumSpan)
        let spanY = max(box.height, minimumSpan)
        let usableWidth = max(frame.width - 2 * margin, 1)
        let usableHeight = max(frame.height - 2 * margin, 1)
        let worldSize = min(usableWidth / spanX, usableHeight / spanY)
        self.zoom = log2(worldSize / WebMercator.tileSize)
        self.frame = frame
        self.centreX = centreX
        self.centreY = centreY
    }

    /// The world's width in pixels at this view's zoom.
    package var worldSize: Double { WebMercator.worldSize(zoom: zoom) }

    /// Where a coordinate is drawn on the canvas.
    package func project(_ coordinate: Coordinate) -> PixelPoint {
        project(
            unitX: WebMercator.unitX(longitude: coordinate.longitude),
            unitY: WebMercator.unitY(latitude: coordinate.latitude))
    }

    /// Where a unit coordinate is drawn on the canvas.
    package func project(unitX: Double, unitY: Double) -> PixelPoint {
        let size = worldSize
        return PixelPoint(x: frame.midX + (unitX - centreX) * size, y: frame.midY + (unitY - centreY) * size)
    }

    /// How many pixels `metres` on the ground at `latitude` take: `metres / groundResolution`.
    package func pixels(metres: Double, atLatitude latitude: Double) -> Double {
        metres / WebMercator.groundResolution(latitude: latitude, zoom: zoom)
    }

    /// Metres on the ground per pixel at `latitude`.
    package func groundResolution(atLatitude latitude: Double) -> Double {
        WebMercator.groundResolution(latitude: latitude, zoom: zoom)
    }

    /// The latitude drawn at the vertical centre of ``frame``.
    package var centreLatitude: Double { Self.latitude(unitY: centreY) }

    /// The latitude of a unit y (the inverse of ``WebMercator/unitY(latitude:)``).
    package static func latitude(unitY: Double) -> Double {
        atan(sinh(.pi * (1 - 2 * unitY))) * 180 / .pi
    }
}
