import Foundation

/// The k-d tree a gazetteer file stores (see ``GazetteerFile``), searched where it lies: nothing
/// is built or copied at load.
///
/// Its nodes are the file's slots in implicit layout: the node for the slot range `lo..<hi` is
/// slot `lo + (hi - lo) / 2`, its left subtree lies below it and its right subtree above, split
/// on the slot's axis of the places' unit vectors (0 x, 1 y, 2 z). A slot's radius bound `k`
/// says no notional radius in its subtree exceeds ``MunicipalityRule/minimumRadius`` + k ·
/// ``radiusBoundStep`` metres, for the weighted "deepest disc" query.
///
/// Distances are chords on the unit sphere between exact unit vectors (``unitVector(latitude:longitude:)``),
/// compared squared; ties go to the lower rank, so answers do not depend on the tree's shape.
/// The search steers and prunes with estimated vectors (``UnitVectorEstimate``), every bound
/// widened by the estimate's error, and computes the exact vector only for a slot whose bound
/// does not rule it out: the answers are those of an exhaustive search.
struct KDTree: Sendable {
    /// Metres per step of a slot's radius bound.
    static let radiusBoundStep = 56.0
    /// The squared radius (unit sphere) each of the 256 radius bounds stands for, computed as a
    /// place's squared radius is, so a bound is never below the radii it covers.
    static let radiusBounds2: [Double] = (0..<256).map { k in
        let radius = (MunicipalityRule.minimumRadius + Double(k) * radiusBoundStep) / MunicipalityRule.earthRadius
        return radius * radius
    }

    private let bytes: GazetteerBytes
    private let slotsOffset: Int
    private let ranksOffset: Int
    private let regionsOffset: Int
    private let regionCount: Int
    /// Number of slots.
    let count: Int

    init(file: GazetteerFile) {
        bytes = file.bytes
        slotsOffset = file.slotsOffset
        ranksOffset = file.ranksOffset
        regionsOffset = file.regionsOffset
        regionCount = file.regionCount
        count = file.placeCount
    }

    /// The unit vector for a latitude/longitude in degrees.
    static func unitVector(latitude: Double, longitude: Double) -> SIMD3<Double> {
        let phi = latitude * .pi / 180
        let lambda = longitude * .pi / 180
        let c = cos(phi)
        return SIMD3(c * cos(lambda), c * sin(lambda), sin(phi))
    }

    /// The slot nearest to the unit vector `q` and its squared chord distance; nil when `q` is not
    /// finite.
    func nearest(to q: SIMD3<Double>) -> (slot: Int, chord2: Double)? {
        guard q.x.isFinite, q.y.isFinite, q.z.isFinite else { return nil }
        return search(q) { search in
            var best = (slot: -1, chord2: Double.infinity)
            search.nearest(0, count, &best)
            return best.slot < 0 ? nil : best
        }
    }

    /// Among slots of `group` whose disc contains `q` (chord < radius), the one minimising
    /// chord ÷ radius, with that ratio squared; nil when no such disc contains `q`.
    func deepest(containing q: SIMD3<Double>, group: Int) -> (slot: Int, ratio2: Double)? {
        guard q.x.isFinite, q.y.isFinite, q.z.isFinite else { return nil }
        return search(q) { search in
            Self.radiusBounds2.withUnsafeBufferPointer { bounds2 in
                var best = (slot: -1, ratio2: 1.0)
                search.deepest(group, bounds2, 0, count, 0, &best)
                return best.slot < 0 ? nil : best
            }
        }
    }

    /// Runs `body` with a search for `q`, the file's bytes kept alive meanwhile.
    private func search<Result>(_ q: SIMD3<Double>, _ body: (Search) -> Result) -> Result {
        withExtendedLifetime(bytes) {
            UnitVectorEstimate.table.withUnsafeBufferPointer { table in
                body(
                    Search(
                        slots: bytes.base + slotsOffset, ranks: bytes.base + ranksOffset,
                        regions: bytes.base + regionsOffset, regionCount: regionCount, table: table, q: q))
            }
        }
    }
}

/// One query's walk over the slots, through pointers into the file's bytes.
private struct Search {
    /// Widening of every bound taken from an estimated vector: the estimate's error bound, which
    /// also leaves ample room for the rounding of the subtraction that uses it.
    static let margin = UnitVectorEstimate.error
    /// Relative widening of bounds compared with a product `ratio2 · radius2`, so a slot whose
    /// ratio rounds to a tie is not pruned.
    static let slack = 1 + 1e-12

    let slots: UnsafeRawPointer
    let ranks: UnsafeRawPointer
    let regions: UnsafeRawPointer
    let regionCount: Int
    let table: UnsafeBufferPointer<SIMD2<Double>>
    let q: SIMD3<Double>

    // Fields of a slot (see ``GazetteerFile``).

    @inline(__always) private func latitudeE5(_ slot: Int) -> Int32 {
        Int32(littleEndian: slots.loadUnaligned(fromByteOffset: GazetteerFile.slotStride * slot, as: Int32.self))
    }

    @inline(__always) private func longitudeE5(_ slot: Int) -> Int32 {
        Int32(littleEndian: slots.loadUnaligned(fromByteOffset: GazetteerFile.slotStride * slot + 4, as: Int32.self))
    }

    @inline(__always) private func population(_ slot: Int) -> Int {
        Int(
            UInt32(
                littleEndian: slots.loadUnaligned(fromByteOffset: GazetteerFile.slotStride * slot + 8, as: UInt32.self))
        )
    }

    @inline(__always) private func region(_ slot: Int) -> Int {
        Int(
            UInt16(
                littleEndian: slots.loadUnaligned(fromByteOffset: GazetteerFile.slotStride * slot + 12, as: UInt16.self)
            ))
    }

    @inline(__always) private func axis(_ slot: Int) -> Int {
        min(2, Int(slots.load(fromByteOffset: GazetteerFile.slotStride * slot + 14, as: UInt8.self)))
    }

    @inline(__always) private func radiusBound(_ slot: Int) -> Int {
        Int(slots.load(fromByteOffset: GazetteerFile.slotStride * slot + 15, as: UInt8.self))
    }

    @inline(__always) private func rank(_ slot: Int) -> UInt32 {
        UInt32(littleEndian: ranks.loadUnaligned(fromByteOffset: 4 * slot, as: UInt32.self))
    }

    /// The group of the slot's region; -1 (no group) when the region index is out of range.
    @inline(__always) private func group(_ slot: Int) -> Int {
        let region = region(slot)
        guard region < regionCount else { return -1 }
        return Int(
            UInt16(
                littleEndian: regions.loadUnaligned(
                    fromByteOffset: GazetteerFile.regionStride * region + 2, as: UInt16.self)))
    }

    @inline(__always) private func estimate(_ slot: Int) -> SIMD3<Double> {
        UnitVectorEstimate.unitVector(
            latitudeE5: latitudeE5(slot), longitudeE5: longitudeE5(slot), table: table)
    }

    /// The exact squared chord from `q` to the slot's place.
    @inline(__always) private func chord2(_ slot: Int) -> Double {
        let p = KDTree.unitVector(
            latitude: Double(latitudeE5(slot)) / 1e5, longitude: Double(longitudeE5(slot)) / 1e5)
        let delta = p - q
        return (delta * delta).sum()
    }

    /// A lower bound of ``chord2(_:)`` from the estimate `p`: each component's distance shrunk by
    /// the margin, then summed the same way (rounding is monotonic, so the bound holds).
    @inline(__always) private func lowerBound2(_ p: SIMD3<Double>) -> Double {
        let gap = SIMD3(farGap(p.x - q.x), farGap(p.y - q.y), farGap(p.z - q.z))
        return (gap * gap).sum()
    }

    /// `diff` is a component of `q` minus the same of an estimate (or the reverse): `q`'s distance
    /// along that axis from the exact vector, or from any place beyond the split, is at least this.
    @inline(__always) private func farGap(_ diff: Double) -> Double {
        max(0, abs(diff) - Self.margin)
    }

    /// Visits the near side first and evaluates a slot after it, when the best is already small,
    /// so most slots are ruled out by their estimate alone.
    func nearest(_ lo: Int, _ hi: Int, _ best: inout (slot: Int, chord2: Double)) {
        guard lo < hi else { return }
        let mid = lo + (hi - lo) / 2
        let p = estimate(mid)
        let axis = axis(mid)
        let diff = q[axis] - p[axis]
        if diff <= 0 { nearest(lo, mid, &best) } else { nearest(mid + 1, hi, &best) }
        if lowerBound2(p) <= best.chord2 {
            let d2 = chord2(mid)
            if d2 < best.chord2 || (d2 == best.chord2 && best.slot >= 0 && rank(mid) < rank(best.slot)) {
                best = (mid, d2)
            }
        }
        let gap = farGap(diff)
        if gap * gap <= best.chord2 {
            if diff <= 0 { nearest(mid + 1, hi, &best) } else { nearest(lo, mid, &best) }
        }
    }

    /// `bound2` is a lower bound of the squared chord from `q` to any place of the subtree.
    func deepest(
        _ group: Int, _ bounds2: UnsafeBufferPointer<Double>, _ lo: Int, _ hi: Int, _ bound2: Double,
        _ best: inout (slot: Int, ratio2: Double)
    ) {
        guard lo < hi else { return }
        let mid = lo + (hi - lo) / 2
        let reach2 = best.ratio2 * bounds2[radiusBound(mid)] * Self.slack
        if bound2 > reach2 { return }
        let p = estimate(mid)
        if self.group(mid) == group, lowerBound2(p) <= reach2 {
            let radius = MunicipalityRule.radius(population: population(mid))
            let r = radius / MunicipalityRule.earthRadius
            let ratio2 = chord2(mid) / (r * r)
            if ratio2 < best.ratio2 || (ratio2 == best.ratio2 && best.slot >= 0 && rank(mid) < rank(best.slot)) {
                best = (mid, ratio2)
            }
        }
        let axis = axis(mid)
        let diff = q[axis] - p[axis]
        let gap = farGap(diff)
        let far2 = max(bound2, gap * gap)
        if diff <= 0 {
            deepest(group, bounds2, lo, mid, bound2, &best)
            deepest(group, bounds2, mid + 1, hi, far2, &best)
        } else {
            deepest(group, bounds2, mid + 1, hi, bound2, &best)
            deepest(group, bounds2, lo, mid, far2, &best)
        }
    }
}
