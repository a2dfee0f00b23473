import Foundation

/// A static k-d tree over points on the unit sphere (3-D unit vectors), in implicit layout: the
/// node for the index range `lo..<hi` sits at `lo + (hi - lo) / 2`, its left subtree below it and
/// its right subtree above, each split on the axis of widest spread. Building is O(n log n),
/// queries are O(log n) on average. Points also carry a radius and a group, for the weighted
/// "deepest disc" query the municipality rule needs.
///
/// Distances are chords on the unit sphere, compared squared. Ties go to the lower item index,
/// so results do not depend on the tree's shape.
struct KDTree: Sendable {
    /// Unit vectors in tree order, `x, y, z` interleaved.
    private let coordinates: [Double]
    /// Original index of each tree slot.
    private let items: [Int32]
    private let axes: [UInt8]
    /// Squared notional radius (unit sphere) of each slot.
    private let radii2: [Double]
    /// Largest squared radius in the subtree rooted at each slot.
    private let subtreeRadii2: [Double]
    private let groups: [UInt32]
    /// Group by original index.
    private let groupOfItem: [UInt32]

    var count: Int { items.count }

    /// Group of the item with original index `item`.
    func group(ofItem item: Int) -> UInt32 { groupOfItem[item] }

    /// The unit vector for a latitude/longitude in degrees.
    static func unitVector(latitude: Double, longitude: Double) -> SIMD3<Double> {
        let phi = latitude * .pi / 180
        let lambda = longitude * .pi / 180
        let c = cos(phi)
        return SIMD3(c * cos(lambda), c * sin(lambda), sin(phi))
    }

    /// Builds the tree. `radii` are on the unit sphere; `groups` restrict the weighted query.
    init(points: [SIMD3<Double>], radii: [Double], groups: [UInt32]) {
        precondition(points.count == radii.count && points.count == groups.count && points.count < Int(Int32.max))
        let n = points.count
        var flat = [Double](repeating: 0, count: 3 * n)
        for (i, p) in points.enumerated() {
            flat[3 * i] = p.x
            flat[3 * i + 1] = p.y
            flat[3 * i + 2] = p.z
        }
        var order = (0..<Int32(n)).map { $0 }
        var axes = [UInt8](repeating: 0, count: n)
        flat.withUnsafeBufferPointer { coords in
            order.withUnsafeMutableBufferPointer { order in
                axes.withUnsafeMutableBufferPointer { axes in
                    Self.build(coords, order, axes, 0, n)
                }
            }
        }
        var coordinates = [Double](repeating: 0, count: 3 * n)
        var radii2 = [Double](repeating: 0, count: n)
        var treeGroups = [UInt32](repeating: 0, count: n)
        for (slot, item) in order.enumerated() {
            let i = Int(item)
            coordinates[3 * slot] = flat[3 * i]
            coordinates[3 * slot + 1] = flat[3 * i + 1]
            coordinates[3 * slot + 2] = flat[3 * i + 2]
            radii2[slot] = radii[i] * radii[i]
            treeGroups[slot] = groups[i]
        }
        var subtree = radii2
        Self.fillSubtreeMaxima(&subtree, 0, n)
        self.coordinates = coordinates
        self.items = order
        self.axes = axes
        self.radii2 = radii2
        self.subtreeRadii2 = subtree
        self.groups = treeGroups
        self.groupOfItem = groups
    }

    private static func build(
        _ coords: UnsafeBufferPointer<Double>, _ order: UnsafeMutableBufferPointer<Int32>,
        _ axes: UnsafeMutableBufferPointer<UInt8>, _ lo: Int, _ hi: Int
    ) {
        guard hi - lo > 1 else { return }
        var low = SIMD3<Double>(repeating: .infinity)
        var high = SIMD3<Double>(repeating: -.infinity)
        for slot in lo..<hi {
            let i = 3 * Int(order[slot])
            let p = SIMD3(coords[i], coords[i + 1], coords[i + 2])
            low = pointwiseMin(low, p)
            high = pointwiseMax(high, p)
        }
        let spread = high - low
        let axis = spread.x >= spread.y ? (spread.x >= spread.z ? 0 : 2) : (spread.y >= spread.z ? 1 : 2)
        let mid = lo + (hi - lo) / 2
        select(coords, order, axis, lo, hi, mid)
        axes[mid] = UInt8(axis)
        build(coords, order, axes, lo, mid)
        build(coords, order, axes, mid + 1, hi)
    }

    /// Partially sorts `order[lo..<hi]` on `axis` so that slot `k` holds the k-th value, smaller or
    /// equal values below it, greater or equal above (three-way quickselect, median-of-three).
    private static func select(
        _ coords: UnsafeBufferPointer<Double>, _ order: UnsafeMutableBufferPointer<Int32>, _ axis: Int,
        _ lo: Int, _ hi: Int, _ k: Int
    ) {
        @inline(__always) func key(_ slot: Int) -> Double { coords[3 * Int(order[slot]) + axis] }
        var lo = lo
        var hi = hi
        while hi - lo > 1 {
            let a = key(lo)
            let b = key(lo + (hi - lo) / 2)
            let c = key(hi - 1)
            let pivot = max(min(a, b), min(max(a, b), c))
            var lt = lo
            var i = lo
            var gt = hi
            while i < gt {
                let v = key(i)
                if v < pivot {
                    order.swapAt(lt, i)
                    lt += 1
                    i += 1
                } else if v > pivot {
                    gt -= 1
                    order.swapAt(i, gt)
                } else {
                    i += 1
                }
            }
            if k < lt {
                hi = lt
            } else if k >= gt {
                lo = gt
            } else {
                return
            }
        }
    }

    @discardableResult
    private static func fillSubtreeMaxima(_ values: inout [Double], _ lo: Int, _ hi: Int) -> Double {
        guard lo < hi else { return 0 }
        let mid = lo + (hi - lo) / 2
        let left = fillSubtreeMaxima(&values, lo, mid)
        let right = fillSubtreeMaxima(&values, mid + 1, hi)
        values[mid] = max(values[mid], left, right)
        return values[mid]
    }

    /// The nearest item to the unit vector `q` and its squared chord distance; nil when the tree is
    /// empty or `q` is not finite.
    func nearest(to q: SIMD3<Double>) -> (item: Int, chord2: Double)? {
        guard !items.isEmpty else { return nil }
        var best = (item: Int32.max, chord2: Double.infinity)
        coordinates.withUnsafeBufferPointer { coords in
            items.withUnsafeBufferPointer { items in
                axes.withUnsafeBufferPointer { axes in
                    Self.nearest(q, coords, items, axes, 0, items.count, &best)
                }
            }
        }
        return best.item == Int32.max ? nil : (Int(best.item), best.chord2)
    }

    private static func nearest(
        _ q: SIMD3<Double>, _ coords: UnsafeBufferPointer<Double>, _ items: UnsafeBufferPointer<Int32>,
        _ axes: UnsafeBufferPointer<UInt8>, _ lo: Int, _ hi: Int, _ best: inout (item: Int32, chord2: Double)
    ) {
        guard lo < hi else { return }
        let mid = lo + (hi - lo) / 2
        let p = SIMD3(coords[3 * mid], coords[3 * mid + 1], coords[3 * mid + 2])
        let delta = p - q
        let d2 = (delta * delta).sum()
        if d2 < best.chord2 || (d2 == best.chord2 && items[mid] < best.item) {
            best = (items[mid], d2)
        }
        let axis = Int(axes[mid])
        let diff = q[axis] - p[axis]
        if diff <= 0 {
            nearest(q, coords, items, axes, lo, mid, &best)
            if diff * diff <= best.chord2 { nearest(q, coords, items, axes, mid + 1, hi, &best) }
        } else {
            nearest(q, coords, items, axes, mid + 1, hi, &best)
            if diff * diff <= best.chord2 { nearest(q, coords, items, axes, lo, mid, &best) }
        }
    }

    /// Among items of `group` whose disc contains `q` (chord < radius), the one minimising
    /// chord ÷ radius, with that ratio squared; nil when no such disc contains `q`.
    func deepest(containing q: SIMD3<Double>, group: UInt32) -> (item: Int, ratio2: Double)? {
        var best = (item: Int32.max, ratio2: 1.0)
        let search = DeepestSearch(q: q, group: group)
        items.withUnsafeBufferPointer { items in
            axes.withUnsafeBufferPointer { axes in
                radii2.withUnsafeBufferPointer { radii2 in
                    subtreeRadii2.withUnsafeBufferPointer { subtree in
                        groups.withUnsafeBufferPointer { groups in
                            coordinates.withUnsafeBufferPointer { coords in
                                let context = DeepestSearch.Context(
                                    coords: coords, items: items, axes: axes, radii2: radii2, subtree: subtree,
                                    groups: groups)
                                search.run(context, 0, items.count, 0, &best)
                            }
                        }
                    }
                }
            }
        }
        return best.item == Int32.max ? nil : (Int(best.item), best.ratio2)
    }
}

private struct DeepestSearch {
    struct Context {
        let coords: UnsafeBufferPointer<Double>
        let items: UnsafeBufferPointer<Int32>
        let axes: UnsafeBufferPointer<UInt8>
        let radii2: UnsafeBufferPointer<Double>
        let subtree: UnsafeBufferPointer<Double>
        let groups: UnsafeBufferPointer<UInt32>
    }

    let q: SIMD3<Double>
    let group: UInt32

    /// `bound2` is a lower bound of the squared chord from `q` to any point of the subtree.
    func run(_ c: Context, _ lo: Int, _ hi: Int, _ bound2: Double, _ best: inout (item: Int32, ratio2: Double)) {
        guard lo < hi else { return }
        let mid = lo + (hi - lo) / 2
        if bound2 > best.ratio2 * c.subtree[mid] { return }
        let p = SIMD3(c.coords[3 * mid], c.coords[3 * mid + 1], c.coords[3 * mid + 2])
        if c.groups[mid] == group {
            let delta = p - q
            let ratio2 = (delta * delta).sum() / c.radii2[mid]
            if ratio2 < best.ratio2 || (ratio2 == best.ratio2 && best.item != Int32.max && c.items[mid] < best.item) {
                best = (c.items[mid], ratio2)
            }
        }
        let axis = Int(c.axes[mid])
        let diff = q[axis] - p[axis]
        let far2 = max(bound2, diff * diff)
        if diff <= 0 {
            run(c, lo, mid, bound2, &best)
            run(c, mid + 1, hi, far2, &best)
        } else {
            run(c, mid + 1, hi, bound2, &best)
            run(c, lo, mid, far2, &best)
        }
    }
}
