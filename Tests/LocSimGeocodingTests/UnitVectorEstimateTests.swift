import Foundation
import Testing

@testable import LocSimGeocoding

struct UnitVectorEstimateTests {
    /// The largest difference, per component, between the estimate and the exact unit vector.
    static func error(_ latitudeE5: Int32, _ longitudeE5: Int32, _ table: UnsafeBufferPointer<SIMD2<Double>>) -> Double
    {
        let estimate = UnitVectorEstimate.unitVector(latitudeE5: latitudeE5, longitudeE5: longitudeE5, table: table)
        let exact = KDTree.unitVector(latitude: Double(latitudeE5) / 1e5, longitude: Double(longitudeE5) / 1e5)
        let delta = estimate - exact
        return pointwiseMax(delta, -delta).max()
    }

    @Test func everyPlaceIsWithinAHundredthOfTheBound() throws {
        let bytes = try GazetteerFileReader.open(path: GazetteerVersion1EquivalenceTests.shippedURL.path)
        let file = try GazetteerFile(bytes: bytes, name: "gazetteer.bin")
        let largest = UnitVectorEstimate.table.withUnsafeBufferPointer { table in
            (0..<file.placeCount).map { Self.error(file.latitudeE5($0), file.longitudeE5($0), table) }.max() ?? 0
        }
        #expect(largest < UnitVectorEstimate.error / 100)
        #expect(largest > 0, "the estimate is not the exact vector, or this test tests nothing")
    }

    @Test func extremeAndTableEdgeAnglesAreWithinTheBound() {
        let edges: [Int32] = [-18_000_000, -9_000_000, -1, 0, 1, 9_000_000, 18_000_000, 17_999_999]
        var tableEdges: [Int32] = []
        for a in 0..<2198 {
            let start = Int32(a * 16384 - 18_000_000)
            tableEdges += [start, start - 1]
        }
        UnitVectorEstimate.table.withUnsafeBufferPointer { table in
            var largest = 0.0
            for longitude in edges + tableEdges where abs(longitude) <= 18_000_000 {
                for latitude in edges + [4_500_000, -4_500_000] where abs(latitude) <= 9_000_000 {
                    largest = max(largest, Self.error(latitude, longitude, table))
                }
            }
            #expect(largest < UnitVectorEstimate.error / 100)
        }
    }

    @Test func outOfRangeCoordinatesGiveFiniteVectors() {
        UnitVectorEstimate.table.withUnsafeBufferPointer { table in
            for value in [Int32.min, -18_000_001, 18_000_001, Int32.max] {
                let v = UnitVectorEstimate.unitVector(latitudeE5: value, longitudeE5: value, table: table)
                #expect(v.x.isFinite && v.y.isFinite && v.z.isFinite)
            }
        }
    }
}
