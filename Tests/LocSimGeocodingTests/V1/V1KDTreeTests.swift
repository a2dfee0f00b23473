import Foundation
import Testing

@testable import LocSimGeocoding

struct V1KDTreeTests {
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        /// A point on the sphere; half of them crowded into a small patch, some exact duplicates.
        mutating func point(previous: [SIMD3<Double>]) -> SIMD3<Double> {
            if !previous.isEmpty, next() % 10 == 0 { return previous[Int(next() % UInt64(previous.count))] }
            if next() % 2 == 0 {
                return V1KDTree.unitVector(latitude: 40 + unit(), longitude: -75 + unit())
            }
            return V1KDTree.unitVector(latitude: asin(2 * unit() - 1) * 180 / .pi, longitude: 360 * unit() - 180)
        }
    }

    static func dist2(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = a - b
        return (d * d).sum()
    }

    @Test(arguments: [1, 2, 3, 17, 1000, 20000])
    func nearestMatchesBruteForce(_ count: Int) throws {
        var generator = Generator(state: UInt64(count))
        var points: [SIMD3<Double>] = []
        for _ in 0..<count { points.append(generator.point(previous: points)) }
        let tree = V1KDTree(points: points, radii: points.map { _ in 1e-3 }, groups: points.map { _ in 0 })
        #expect(tree.count == count)
        for _ in 0..<300 {
            let q = generator.point(previous: points)
            var best = (item: -1, d2: Double.infinity)
            for (i, p) in points.enumerated() where Self.dist2(p, q) < best.d2 { best = (i, Self.dist2(p, q)) }
            let found = try #require(tree.nearest(to: q))
            #expect(found.item == best.item)
            #expect(found.chord2 == best.d2)
        }
    }

    @Test(arguments: [1, 5, 1000, 20000])
    func deepestMatchesBruteForce(_ count: Int) {
        var generator = Generator(state: 77 &+ UInt64(count))
        var points: [SIMD3<Double>] = []
        for _ in 0..<count { points.append(generator.point(previous: points)) }
        // Radii from 100 m to 20 km on the unit sphere, three groups.
        let radii = points.map { _ in (100 + 19_900 * generator.unit()) / 6_371_008.8 }
        let groups = points.map { _ in UInt32(generator.next() % 3) }
        let tree = V1KDTree(points: points, radii: radii, groups: groups)
        var found = 0
        for _ in 0..<300 {
            let q = generator.point(previous: points)
            let group = UInt32(generator.next() % 3)
            var best: (item: Int, ratio2: Double)?
            for (i, p) in points.enumerated() where groups[i] == group {
                let ratio2 = Self.dist2(p, q) / (radii[i] * radii[i])
                if ratio2 < 1, ratio2 < best?.ratio2 ?? .infinity { best = (i, ratio2) }
            }
            let result = tree.deepest(containing: q, group: group)
            #expect(result?.item == best?.item)
            #expect(result?.ratio2 == best?.ratio2)
            if result != nil { found += 1 }
        }
        if count >= 1000 { #expect(found > 30, "the test should exercise hits, not only misses") }
    }

    @Test func emptyTreeAndNonFiniteQueriesHaveNoAnswer() {
        let empty = V1KDTree(points: [], radii: [], groups: [])
        #expect(empty.nearest(to: SIMD3(1, 0, 0)) == nil)
        #expect(empty.deepest(containing: SIMD3(1, 0, 0), group: 0) == nil)
        let tree = V1KDTree(points: [SIMD3(1, 0, 0)], radii: [1], groups: [0])
        #expect(tree.nearest(to: SIMD3(.nan, 0, 0)) == nil)
    }
}
