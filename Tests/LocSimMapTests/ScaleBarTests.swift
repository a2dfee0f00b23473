import LocSimMap
import Testing

@Suite struct ScaleBarTests {
    @Test(arguments: [
        (16.59, 160.0, 2000.0, "2 km"),
        (1.0, 160.0, 100.0, "100 m"),
        (1.0, 100.0, 100.0, "100 m"),
        (3.2, 160.0, 500.0, "500 m"),
        (6.25, 160.0, 1000.0, "1 km"),
        (4400.0, 160.0, 500_000.0, "500 km"),
        (0.001, 160.0, 1.0, "1 m"),
    ])
    func picksTheLongestRoundDistanceThatFits(metresPerPixel: Double, maxPixels: Double, metres: Double, label: String)
    {
        let bar = ScaleBar(metresPerPixel: metresPerPixel, maxPixels: maxPixels)
        #expect(bar.metres == metres)
        #expect(bar.label == label)
        #expect(abs(bar.pixels * metresPerPixel - metres) < 1e-9)
    }

    @Test func theBarNeverExceedsItsRoomUnlessOneMetreIsTooLong() {
        for step in 1...200 {
            let metresPerPixel = Double(step) * 0.37
            let bar = ScaleBar(metresPerPixel: metresPerPixel, maxPixels: 160)
            #expect(bar.pixels <= 160 + 1e-9)
            #expect(bar.pixels > 160 / 2.5 - 1e-9)
        }
    }
}
