/// An axis-aligned box in Web Mercator unit coordinates (see ``WebMercator``): what a map must show.
public struct MercatorBox: Sendable, Hashable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The box holding exactly one point.
    public init(x: Double, y: Double) {
        self.init(minX: x, minY: y, maxX: x, maxY: y)
    }

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }

    /// Grows the box to hold the point.
    public mutating func include(x: Double, y: Double) {
        minX = min(minX, x)
        minY = min(minY, y)
        maxX = max(maxX, x)
        maxY = max(maxY, y)
    }

    /// Grows the box to hold another box.
    public mutating func include(_ other: MercatorBox) {
        include(x: other.minX, y: other.minY)
        include(x: other.maxX, y: other.maxY)
    }

    /// The union of two optional boxes.
    public static func union(_ a: MercatorBox?, _ b: MercatorBox?) -> MercatorBox? {
        guard var result = a else { return b }
        if let b { result.include(b) }
        return result
    }
}
