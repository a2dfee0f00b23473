/// An axis-aligned box in Web Mercator unit coordinates (see ``WebMercator``): what a map must show.
package struct MercatorBox: Sendable, Hashable {
    package var minX: Double
    package var minY: Double
    package var maxX: Double
    package var maxY: Double

    package init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The box holding exactly one point.
    package init(x: Double, y: Double) {
        self.init(minX: x, minY: y, maxX: x, maxY: y)
    }

    package var width: Double { maxX - minX }
    package var height: Double { maxY - minY }

    /// Grows the box to hold the point.
    package mutating func include(x: Double, y: Double) {
        minX = min(minX, x)
        minY = min(minY, y)
        maxX = max(maxX, x)
        maxY = max(maxY, y)
    }

    /// Grows the box to hold another box.
    package mutating func include(_ other: MercatorBox) {
        include(x: other.minX, y: other.minY)
        include(x: other.maxX, y: other.maxY)
    }

    /// The union of two optional boxes.
    package static func union(_ a: MercatorBox?, _ b: MercatorBox?) -> MercatorBox? {
        guard var result = a else { return b }
        if let b { result.include(b) }
        return result
    }
}
