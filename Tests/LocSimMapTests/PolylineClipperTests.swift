import Testing

@testable import LocSimMap

@Suite struct PolylineClipperTests {
    let clipper = PolylineClipper(rect: PixelRect(x: 0, y: 0, width: 100, height: 100), minimumSpacing: 0.5)

    static func p(_ x: Double, _ y: Double) -> PixelPoint { PixelPoint(x: x, y: y) }

    @Test func aLineInsideIsKeptWhole() {
        let line = [Self.p(10, 10), Self.p(50, 50), Self.p(90, 10)]
        #expect(clipper.clip(line) == [line])
    }

    @Test func aCrossingLineEndsOnTheEdges() {
        #expect(clipper.clip([Self.p(-50, 50), Self.p(150, 50)]) == [[Self.p(0, 50), Self.p(100, 50)]])
    }

    @Test func aLineThatLeavesAndComesBackBecomesTwoRuns() {
        let runs = clipper.clip([Self.p(50, 50), Self.p(150, 50), Self.p(150, 80), Self.p(50, 80)])
        #expect(runs == [[Self.p(50, 50), Self.p(100, 50)], [Self.p(100, 80), Self.p(50, 80)]])
    }

    @Test func aLineOutsideIsDropped() {
        #expect(clipper.clip([Self.p(-10, -10), Self.p(-10, 200), Self.p(200, 200)]).isEmpty)
    }

    @Test func pointsCloserThanTheSpacingAreDroppedButTheEndIsKept() {
        let runs = clipper.clip([Self.p(10, 10), Self.p(10.1, 10), Self.p(10.2, 10), Self.p(20, 10), Self.p(20.1, 10)])
        #expect(runs == [[Self.p(10, 10), Self.p(20, 10), Self.p(20.1, 10)]])
    }
}
