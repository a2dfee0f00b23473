import LocSimMap
import Testing

@Suite struct LabelPlacerTests {
    let bounds = PixelRect(x: 0, y: 0, width: 400, height: 300)

    @Test func firstChoiceIsRightOfTheAnchor() throws {
        var placer = LabelPlacer(bounds: bounds, fontSize: 12)
        let placed = placer.place("Franklin, LA", near: PixelPoint(x: 100, y: 100))
        let placement = try #require(placed)
        #expect(placement.anchor == "start")
        #expect(placement.x == 107)
        #expect(placement.box.width == 12 * 12 * LabelPlacer.averageCharacterWidth)
    }

    @Test func aSecondLabelAtTheSameSpotGoesLeftThenAboveThenBelowThenIsSkipped() {
        var placer = LabelPlacer(bounds: bounds, fontSize: 12)
        let anchor = PixelPoint(x: 200, y: 150)
        let placements = (0..<5).map { _ in placer.place("Baldwin", near: anchor) }
        #expect(placements[0]?.anchor == "start")
        #expect(placements[1]?.anchor == "end")
        #expect(placements[2].map { $0.box.maxY <= anchor.y } == true)
        #expect(placements[3].map { $0.box.y >= anchor.y } == true)
        #expect(placements[4] == nil)
        let boxes = placements.compactMap { $0?.box }
        for i in boxes.indices {
            for j in boxes.indices where j > i { #expect(!boxes[i].intersects(boxes[j])) }
        }
    }

    @Test func labelsStayInsideTheBoundsAndOffReservedBoxes() {
        var placer = LabelPlacer(bounds: bounds, fontSize: 12)
        let nearRightEdge = placer.place("Morgan City", near: PixelPoint(x: 390, y: 150))
        #expect(nearRightEdge?.anchor == "end")
        placer.reserve(PixelRect(x: 0, y: 0, width: 400, height: 300))
        #expect(placer.place("X", near: PixelPoint(x: 50, y: 50)) == nil)
    }
}

@Suite struct LabelPlacerGridTests {
    @Test func reservedBoxesAreFoundAcrossGridCells() {
        var placer = LabelPlacer(bounds: PixelRect(x: -100, y: -100, width: 400, height: 400), fontSize: 12)
        placer.reserve(PixelRect(x: -40, y: 30, width: 100, height: 3))
        #expect(placer.isTaken(PixelRect(x: 55, y: 32, width: 1, height: 1)))
        #expect(placer.isTaken(PixelRect(x: -39, y: 20, width: 1, height: 11)))
        #expect(!placer.isTaken(PixelRect(x: 60, y: 30, width: 5, height: 5)))
        #expect(!placer.isTaken(PixelRect(x: -40, y: 33, width: 100, height: 3)))
    }
}
