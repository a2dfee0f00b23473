import LocSimMap
import Testing

@Suite struct SVGTextTests {
    @Test(arguments: [
        (12.5, 2, "12.5"), (3.0, 2, "3"), (-0.004, 2, "0"), (-0.25, 2, "-0.25"), (0.125, 2, "0.13"),
        (1200.0, 0, "1200"), (13.123_456_7, 6, "13.123457"), (10.10, 1, "10.1"),
    ])
    func numbersHaveAtMostTheDecimalsAndNoTrailingZeros(value: Double, decimals: Int, text: String) {
        #expect(SVGText.number(value, decimals: decimals) == text)
    }

    @Test func countsGroupThousands() {
        #expect(SVGText.count(0) == "0")
        #expect(SVGText.count(999) == "999")
        #expect(SVGText.count(1000) == "1,000")
        #expect(SVGText.count(1_000_000) == "1,000,000")
        #expect(SVGText.count(-12_345) == "-12,345")
    }

    @Test func truncation() {
        #expect(SVGText.truncate("Waypoints/franklin-la.gpx", to: 10) == "Waypoints…")
        #expect(SVGText.truncate("short", to: 10) == "short")
    }
}
