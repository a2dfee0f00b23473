import LocSimMap
import Testing

@Suite struct MercatorBoxTests {
    @Test func includeGrowsTheBoxToHoldPointsAndBoxes() {
        var box = MercatorBox(x: 0.5, y: 0.5)
        box.include(x: 0.25, y: 0.75)
        #expect(box == MercatorBox(minX: 0.25, minY: 0.5, maxX: 0.5, maxY: 0.75))
        box.include(MercatorBox(minX: 0.1, minY: 0.2, maxX: 0.3, maxY: 0.4))
        #expect(box == MercatorBox(minX: 0.1, minY: 0.2, maxX: 0.5, maxY: 0.75))
        #expect(abs(box.width - 0.4) < 1e-15 && abs(box.height - 0.55) < 1e-15)
    }

    @Test func unionOfOptionalBoxes() {
        let a = MercatorBox(x: 0.1, y: 0.1)
        let b = MercatorBox(x: 0.2, y: 0.3)
        #expect(MercatorBox.union(nil, nil) == nil)
        #expect(MercatorBox.union(a, nil) == a)
        #expect(MercatorBox.union(nil, b) == b)
        #expect(MercatorBox.union(a, b) == MercatorBox(minX: 0.1, minY: 0.1, maxX: 0.2, maxY: 0.3))
    }
}
