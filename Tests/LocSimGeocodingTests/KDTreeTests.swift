import Foundation
import LocSimLocationCore
import Testing

@testable import LocSimGeocoding

struct KDTreeTests {
    /// The tree stored in the bundled file, searched in place, against an exhaustive search over
    /// every place (ties to the lower rank), near places, at places and anywhere.
    @Test func searchesMatchAnExhaustiveSearch() throws {
        let bytes = try GazetteerFileReader.open(path: GazetteerVersion1EquivalenceTests.shippedURL.path)
        let file = try GazetteerFile(bytes: bytes, name: "gazetteer.bin")
        let tree = KDTree(file: file)
        let n = file.placeCount
        let points = (0..<n).map {
            KDTree.unitVector(
                latitude: Double(file.latitudeE5($0)) / 1e5, longitude: Double(file.longitudeE5($0)) / 1e5)
        }
        var random = LocSimLocationCore.SplitMix64(seed: 91)
        func unit() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        var found = 0
        for i in 0..<60 {
            let slot = Int(random.next() % UInt64(n))
            let q: SIMD3<Double>
            switch i % 3 {
            case 0: q = points[slot]
            case 1:
                q = KDTree.unitVector(
                    latitude: Double(file.latitudeE5(slot)) / 1e5 + 0.1 * unit() - 0.05,
                    longitude: Double(file.longitudeE5(slot)) / 1e5 + 0.1 * unit() - 0.05)
            default: q = KDTree.unitVector(latitude: asin(2 * unit() - 1) * 180 / .pi, longitude: 360 * unit() - 180)
            }
            var nearest = (slot: -1, chord2: Double.infinity)
            for (s, p) in points.enumerated() {
                let delta = p - q
                let d2 = (delta * delta).sum()
                if d2 < nearest.chord2 || (d2 == nearest.chord2 && file.rank(s) < file.rank(nearest.slot)) {
                    nearest = (s, d2)
                }
            }
            let result = try #require(tree.nearest(to: q))
            #expect(result.slot == nearest.slot && result.chord2 == nearest.chord2)

            let group = try file.regionGroup(file.region(nearest.slot))
            var deepest: (slot: Int, ratio2: Double)?
            for (s, p) in points.enumerated() where try file.regionGroup(file.region(s)) == group {
                let delta = p - q
                let r = MunicipalityRule.radius(population: file.population(s)) / MunicipalityRule.earthRadius
                let ratio2 = (delta * delta).sum() / (r * r)
                if ratio2 < deepest?.ratio2 ?? 1
                    || (ratio2 == deepest?.ratio2 && file.rank(s) < file.rank(deepest!.slot))
                {
                    deepest = (s, ratio2)
                }
            }
            let disc = tree.deepest(containing: q, group: group)
            #expect(disc?.slot == deepest?.slot && disc?.ratio2 == deepest?.ratio2)
            if disc != nil { found += 1 }
        }
        #expect(found > 20, "the test should exercise discs that contain the point")
    }

    @Test func nonFiniteQueriesHaveNoAnswer() throws {
        let bytes = try GazetteerFileReader.open(path: GazetteerVersion1EquivalenceTests.shippedURL.path)
        let tree = KDTree(file: try GazetteerFile(bytes: bytes, name: "gazetteer.bin"))
        #expect(tree.nearest(to: SIMD3(.nan, 0, 0)) == nil)
        #expect(tree.nearest(to: SIMD3(0, .infinity, 0)) == nil)
        #expect(tree.deepest(containing: SIMD3(0, 0, .nan), group: 0) == nil)
        #expect(tree.nearest(to: SIMD3(1, 0, 0)) != nil)
    }
}
