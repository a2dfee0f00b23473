import Foundation

/// A scale bar: a round ground distance (1, 2 or 5 × 10ⁿ metres) and its length in pixels.
package struct ScaleBar: Sendable, Hashable {
    /// The distance the bar stands for, in metres.
    package let metres: Double
    /// The bar's length on the canvas.
    package let pixels: Double

    /// The longest round distance whose bar fits in `maxPixels` at `metresPerPixel`
    /// (at least 1 m, even if that bar is longer).
    package init(metresPerPixel: Double, maxPixels: Double) {
        let limit = max(metresPerPixel * maxPixels, 1)
        let decade = pow(10, floor(log10(limit)))
        var best = decade
        for step in [2.0, 5, 10] where step * decade <= limit * (1 + 1e-12) {
            best = step * decade
        }
        self.metres = best
        self.pixels = best / metresPerPixel
    }

    /// The distance as a person writes it: `500 m`, `2 km`, `10 km`.
    package var label: String {
        metres >= 1000 ? "\(Int((metres / 1000).rounded())) km" : "\(Int(metres.rounded())) m"
    }
}
