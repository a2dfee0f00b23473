/// Places text labels beside anchor points without letting any two overlap.
///
/// Each label tries four spots around its anchor (right, left, above, below) and takes the first
/// that stays inside the bounds and clear of every label and obstacle placed before it; a label
/// with no free spot is skipped. Widths are estimated from the character count, which is what a
/// renderer without font metrics can do; the estimate is generous for `sans-serif`. Taken boxes
/// are bucketed in a coarse grid, so thousands of obstacles stay cheap to test against.
package struct LabelPlacer: Sendable {
    /// Where a placed label's text goes.
    package struct Placement: Sendable, Hashable {
        /// The text's anchor point (SVG `x`, `y`: the baseline).
        package var x: Double
        package var y: Double
        /// `start` or `end`, the SVG `text-anchor`.
        package var anchor: String
        /// The box the label occupies.
        package var box: PixelRect
    }

    /// The rectangle every label must stay inside.
    package let bounds: PixelRect
    /// The font size in pixels.
    package let fontSize: Double
    /// Boxes already taken, in the order they were taken.
    package private(set) var occupied: [PixelRect] = []
    /// Indices into ``occupied`` per grid cell.
    private var cells: [Cell: [Int]] = [:]

    private struct Cell: Hashable {
        var column: Int
        var row: Int
    }

    /// The grid's cell size in pixels.
    static let cellSize = 32.0

    /// The estimated advance of one character, as a fraction of the font size.
    package static let averageCharacterWidth = 0.6

    package init(bounds: PixelRect, fontSize: Double) {
        self.bounds = bounds
        self.fontSize = fontSize
    }

    /// Marks a box as taken (a scale bar, a marker) so no label covers it.
    package mutating func reserve(_ box: PixelRect) {
        let index = occupied.count
        occupied.append(box)
        for cell in Self.cells(covering: box) { cells[cell, default: []].append(index) }
    }

    /// Whether `box` overlaps any taken box.
    package func isTaken(_ box: PixelRect) -> Bool {
        Self.cells(covering: box).contains { cell in
            cells[cell]?.contains { occupied[$0].intersects(box) } ?? false
        }
    }

    private static func cells(covering box: PixelRect) -> [Cell] {
        let size = cellSize
        let columns = Int((box.x / size).rounded(.down))...Int((box.maxX / size).rounded(.down))
        let rows = Int((box.y / size).rounded(.down))...Int((box.maxY / size).rounded(.down))
        return rows.flatMap { row in columns.map { Cell(column: $0, row: row) } }
    }

    /// The estimated width of `text` in pixels.
    package func width(of text: String) -> Double {
        Double(text.count) * fontSize * Self.averageCharacterWidth
    }

    /// Places `text` beside `point`, or returns nil when every spot is taken.
    ///
    /// The side spots are centred on the anchor's height; the spots above and below clear them.
    /// `clearance` moves all four spots that many pixels farther out (a wider ring).
    package mutating func place(
        _ text: String, near point: PixelPoint, gap: Double = 7, clearance: Double = 0
    ) -> Placement? {
        let w = width(of: text)
        let h = fontSize * 1.2
        let sideY = point.y - h / 2
        let side = gap + clearance
        let boxes: [(PixelRect, Double, String)] = [
            (PixelRect(x: point.x + side, y: sideY, width: w, height: h), point.x + side, "start"),
            (PixelRect(x: point.x - side - w, y: sideY, width: w, height: h), point.x - side, "end"),
            (
                PixelRect(x: point.x - w / 2, y: sideY - h - 1 - clearance, width: w, height: h), point.x - w / 2,
                "start"
            ),
            (
                PixelRect(x: point.x - w / 2, y: sideY + h + 1 + clearance, width: w, height: h), point.x - w / 2,
                "start"
            ),
        ]
        for (box, x, anchor) in boxes where bounds.contains(box) && !isTaken(box) {
            reserve(box)
            return Placement(x: x, y: box.maxY - fontSize * 0.3, anchor: anchor, box: box)
        }
        return nil
    }
}
