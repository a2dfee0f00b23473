import Foundation

/// The spherical Web Mercator projection (EPSG:3857) used by web map tiles.
///
/// Coordinates are projected to *unit* coordinates: `x` and `y` in [0, 1] across the whole world,
/// `y` growing southwards. At a continuous zoom `z` the world is `256 · 2^z` pixels wide, so a
/// pixel position is a unit coordinate times ``worldSize(zoom:)``.
///
/// The projection is conformal, so a small circle on the ground stays a circle on the map; its
/// scale depends on latitude. The ground resolution (metres per pixel) at latitude φ is
/// `cos φ · 2πR / (256 · 2^z)` with R = 6 378 137 m, the sphere Web Mercator is defined on. A
/// circle of `r` metres around a point at latitude φ is therefore drawn with a radius of
/// `r / groundResolution(φ, z)` pixels. Measured against WGS-84 the spherical formula is off by
/// less than 0.7 % (the ellipsoid's flattening), far below what a map at this scale can show.
package enum WebMercator {
    /// The radius of the Web Mercator sphere in metres (the WGS-84 semi-major axis).
    package static let earthRadius = 6_378_137.0
    /// The width and height of the world at zoom 0, in pixels.
    package static let tileSize = 256.0
    /// The latitude at which the square world ends (atan(sinh π), in degrees).
    package static let maxLatitude = 85.051_128_779_806_59

    /// The world's width in pixels at a continuous zoom level.
    package static func worldSize(zoom: Double) -> Double { tileSize * pow(2, zoom) }

    /// The unit x (0 at 180° W, 1 at 180° E) of a longitude.
    package static func unitX(longitude: Double) -> Double { (longitude + 180) / 360 }

    /// The unit y (0 at ``maxLatitude`` N, 1 at ``maxLatitude`` S) of a latitude, clamped.
    package static func unitY(latitude: Double) -> Double {
        let phi = min(max(latitude, -maxLatitude), maxLatitude) * .pi / 180
        return 0.5 - log(tan(.pi / 4 + phi / 2)) / (2 * .pi)
    }

    /// Metres on the ground per pixel at `latitude` and a continuous `zoom`.
    package static func groundResolution(latitude: Double, zoom: Double) -> Double {
        cos(latitude * .pi / 180) * 2 * .pi * earthRadius / worldSize(zoom: zoom)
    }

    /// How far `metres` on the ground at `latitude` reach in unit coordinates (in x and in y alike).
    package static func unitDistance(metres: Double, latitude: Double) -> Double {
        let phi = min(max(latitude, -maxLatitude), maxLatitude) * .pi / 180
        return metres / (cos(phi) * 2 * .pi * earthRadius)
    }
}
