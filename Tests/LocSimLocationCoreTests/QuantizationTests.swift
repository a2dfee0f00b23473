import Testing

@testable import LocSimLocationCore

/// The engine rounds reported positions to 1e-6° without libm's `round`; the result must be the
/// standard library's `rounded(.toNearestOrAwayFromZero)` bit for bit, or transcripts change.
@Suite struct QuantizationTests {
    static func same(_ x: Double) -> Bool {
        let expected = x.rounded(.toNearestOrAwayFromZero)
        let actual = GeoMath.roundedHalfAwayFromZero(x)
        return expected.bitPattern == actual.bitPattern || (expected.isNaN && actual.isNaN)
    }

    @Test func halvesZerosAndEdgesRoundAsTheStandardLibraryDoes() {
        var edges: [Double] = [
            0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
            0.5000000000000001, 1e-300, -1e-300, .leastNonzeroMagnitude, 0x1p52, -0x1p52, 0x1p52 - 0.5,
            -(0x1p52 - 0.5), 0x1p52 + 1, 0x1p53, 0x1p63, -0x1p63, 1e300, .infinity, -.infinity, .nan,
            180e6, -180e6, 90e6, -90e6, 135_499_192.5, -135_499_192.5,
        ]
        for k in 0..<200 {
            let n = Double(k) - 100
            edges += [n + 0.5, (n + 0.5).nextUp, (n + 0.5).nextDown, n.nextUp, n.nextDown]
        }
        for x in edges { #expect(Self.same(x), "\(x)") }
    }

    @Test func randomCoordinatesRoundAsTheStandardLibraryDoes() {
        var rng = SplitMix64(seed: 17)
        for _ in 0..<50_000 {
            let degrees = 360 * rng.nextUnit() - 180
            #expect(Self.same(degrees * 1e6), "\(degrees)")
            #expect(Self.same(Double(bitPattern: rng.next())), "bits")
        }
    }
}
