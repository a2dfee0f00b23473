/// Path data (`d`) for the map's symbols, shared by the map and the legend.
enum SVGPath {
    /// A closed polygon through `points` (at least one).
    static func polygon(_ points: [(Double, Double)]) -> String {
        polyline(points) + "Z"
    }

    /// An open line through `points` (at least one).
    static func polyline(_ points: [(Double, Double)]) -> String {
        points.enumerated().map { index, point in
            (index == 0 ? "M" : "L") + SVGMapRenderer.px(point.0) + " " + SVGMapRenderer.px(point.1)
        }.joined()
    }

    /// An × centred on (`x`, `y`) with arms reaching `arm` px along each axis.
    static func cross(x: Double, y: Double, arm: Double) -> String {
        polyline([(x - arm, y - arm), (x + arm, y + arm)]) + polyline([(x + arm, y - arm), (x - arm, y + arm)])
    }

    /// The advisory triangle, pointing up, centred on (`x`, `y`).
    static func advisory(x: Double, y: Double) -> String {
        polygon([(x, y - 10), (x + 10, y + 8), (x - 10, y + 8)])
    }

    /// The push diamond centred on (`x`, `y`).
    static func push(x: Double, y: Double) -> String {
        polygon([(x, y - 9), (x + 8, y), (x, y + 9), (x - 8, y)])
    }

    /// A square of side `2 · half` centred on (`x`, `y`): the provider-error mark.
    static func square(x: Double, y: Double, half: Double) -> String {
        polygon([(x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)])
    }
}
