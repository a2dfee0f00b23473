import Foundation

/// The version-1 k-d tree, frozen for the reference ``V1Gazetteer``: built at load over points on
/// the unit sphere (3-D unit vectors), in implicit layout: the node for the index range `lo..<hi`
/// sits at `lo + (hi - lo) / 2`, its left subtree below it and its right subtree above, each split
/// on the axis of widest spread. Building is O(n log n),
/// queries are O(log n) on average. Points also carry a radius and a group, for the weighted
/// "deepest disc" query the municipality rule needs.
///
/// Distances are chords on the unit sphere, compared squared. Ties go to the lower item index,
/// so results do not depend on the tree's shape.
struct V1KDTree: Sendable {
    /// Tree slots in order: the unit vector in `x, y, z` and the original index in `w` (exact:
    /// indices are far below 2⁵³). Built in place, so building allocates no other large array.
    private let nodes: [SIMD4<Double>]
    /// Split axis of each slot.
    private let axes: [UInt8]
    /// Squared notional radius (unit sphere) of each slot.
    private let radii2: [Double]
    /// Largest squared radius in the subtree rooted at each slot.
    private let subtreeRadii2: [Double]
    private let groups: [UInt32]
    /// Group by original index.
    private let groupOfItem: [UInt32]

    var count: Int { nodes.count }

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
        precondition(points.count == radii.count && points.count == groups.count)
        self.init(count: points.count, point: { points[$0] }, radius: { radii[$0] }, group: { groups[$0] })
    }

    /// Builds the tree over `count` items given by index: `point` (a unit vector), `radius` (on
    /// the unit sphere) and `group`, each asked for once per item.
    init(
        count n: Int, point: (Int) -> SIMD3<Double>, radius: (Int) -> Double, group: (Int) -> UInt32
    ) {
        precondition(n < Int(Int32.max))
        var nodes: [SIMD4<Double>] = []
        nodes.reserveCapacity(n)
        var groupOfItem: [UInt32] = []
        groupOfItem.reserveCapacity(n)
        for item in 0..<n {
            let p = point(item)
            nodes.append(SIMD4(p.x, p.y, p.z, Double(item)))
            groupOfItem.append(group(item))
        }
        var axes = [UInt8](repeating: 0, count: n)
        nodes.withUnsafeMutableBufferPointer { nodes in
            nodes.withMemoryRebound(to: Double.self) { lanes in
                axes.withUnsafeMutableBufferPointer { axes in
                    Self.build(lanes, axes, 0, n)
                }
            }
        }
        var radii2: [Double] = []
        var treeGroups: [UInt32] = []
        radii2.reserveCapacity(n)
        treeGroups.reserveCapacity(n)
        for node in nodes {
            let item = Int(node.w)
            let r = radius(item)
            radii2.append(r * r)
            treeGroups.append(groupOfItem[item])
        }
        var subtree = radii2
        Self.fillSubtreeMaxima(&subtree, 0, n)
        self.nodes = nodes
        self.axes = axes
        self.radii2 = radii2
        self.subtreeRadii2 = subtree
        self.groups = treeGroups
        self.groupOfItem = groupOfItem
    }

    /// Splits `lo..<hi` on its widest axis at the median, recursively. `lanes` are the nodes as
    /// four doubles each (x, y, z, item), so keys are plain loads and swaps move 32 bytes.
    private static func build(
        _ lanes: UnsafeMutableBufferPointer<Double>, _ axes: UnsafeMutableBufferPointer<UInt8>, _ lo: Int, _ hi: Int
    ) {
        guard hi - lo > 1 else { return }
        let base = lanes.baseAddress!
        // The spread is estimated from at most ~256 evenly spaced nodes: the axis only shapes
        // the tree (query results do not depend on it), and a full scan of every level cost as
        // much as the selection itself.
        var low = SIMD4<Double>(repeating: .infinity)
        var high = SIMD4<Double>(repeating: -.infinity)
        let step = max(1, (hi - lo) / 256)
        for slot in stride(from: lo, to: hi, by: step) {
            let p = SIMD4(base[4 * slot], base[4 * slot + 1], base[4 * slot + 2], 0)
            low = pointwiseMin(low, p)
            high = pointwiseMax(high, p)
        }
        let spread = high - low
        let axis = spread.x >= spread.y ? (spread.x >= spread.z ? 0 : 2) : (spread.y >= spread.z ? 1 : 2)
        let mid = lo + (hi - lo) / 2
        select(base, axis, lo, hi, mid)
        axes[mid] = UInt8(axis)
        build(lanes, axes, lo, mid)
        build(lanes, axes, mid + 1, hi)
    }

    /// Partially sorts nodes `lo..<hi` on `axis` so that slot `k` holds the k-th value, smaller or
    /// equal values below it, greater or equal above (three-way quickselect, median-of-three).
    private static func select(_ base: UnsafeMutablePointer<Double>, _ axis: Int, _ lo: Int, _ hi: Int, _ k: Int) {
        @inline(__always) func key(_ slot: Int) -> Double { base[4 * slot + axis] }
        @inline(__always) func swap(_ i: Int, _ j: Int) {
            let a = UnsafeMutableRawPointer(base + 4 * i).loadUnaligned(as: SIMD4<Double>.self)
            let b = UnsafeMutableRawPointer(base + 4 * j).loadUnaligned(as: SIMD4<Double>.self)
            UnsafeMutableRawPointer(base + 4 * i).storeBytes(of: b, as: SIMD4<Double>.self)
            UnsafeMutableRawPointer(base + 4 * j).storeBytes(of: a, as: SIMD4<Double>.self)
        }
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
                    swap(lt, i)
                    lt += 1
                    i += 1
                } else if v > pivot {
                    gt -= 1
                    swap(i, gt)
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
        guard !nodes.isEmpty else { return nil }
        var best = (item: Int32.max, chord2: Double.infinity)
        nodes.withUnsafeBufferPointer { nodes in
            axes.withUnsafeBufferPointer { axes in
                Self.nearest(q, nodes, axes, 0, nodes.count, &best)
            }
        }
        return best.item == Int32.max ? nil : (Int(best.item), best.chord2)
    }

    private static func nearest(
        _ q: SIMD3<Double>, _ nodes: UnsafeBufferPointer<SIMD4<Double>>, _ axes: UnsafeBufferPointer<UInt8>,
        _ lo: Int, _ hi: Int, _ best: inout (item: Int32, chord2: Double)
    ) {
        guard lo < hi else { return }
        let mid = lo + (hi - lo) / 2
        let node = nodes[mid]
        let p = SIMD3(node.x, node.y, node.z)
        let item = Int32(node.w)
        let delta = p - q
        let d2 = (delta * delta).sum()
        if d2 < best.chord2 || (d2 == best.chord2 && item < best.item) {
            best = (item, d2)
        }
        let axis = Int(axes[mid])
        let diff = q[axis] - p[axis]
        if diff <= 0 {
            nearest(q, nodes, axes, lo, mid, &best)
            if diff * diff <= best.chord2 { nearest(q, nodes, axes, mid + 1, hi, &best) }
        } else {
            nearest(q, nodes, axes, mid + 1, hi, &best)
            if diff * diff <= best.chord2 { nearest(q, nodes, axes, lo, mid, &best) }
        }
    }

    /// Among items of `group` whose disc contains `q` (chord < radius), the one minimising
    /// chord ÷ radius, with that ratio squared; nil when no such disc contains `q`.
    func deepest(containing q: SIMD3<Double>, group: UInt32) -> (item: Int, ratio2: Double)? {
        var best = (item: Int32.max, ratio2: 1.0)
        let search = DeepestSearch(q: q, group: group)
        nodes.withUnsafeBufferPointer { nodes in
            axes.withUnsafeBufferPointer { axes in
                radii2.withUnsafeBufferPointer { radii2 in
                    subtreeRadii2.withUnsafeBufferPointer { subtree in
                        groups.withUnsafeBufferPointer { groups in
                            let context = DeepestSearch.Context(
                                nodes: nodes, axes: axes, radii2: radii2, subtree: subtree, groups: groups)
                            search.run(context, 0, nodes.count, 0, &best)
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
        let nodes: UnsafeBufferPointer<SIMD4<Double>>
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
        let node = c.nodes[mid]
        let p = SIMD3(node.x, node.y, node.z)
        if c.groups[mid] == group {
            let delta = p - q
            let ratio2 = (delta * delta).sum() / c.radii2[mid]
            let item = Int32(node.w)
            if ratio2 < best.ratio2 || (ratio2 == best.ratio2 && best.item != Int32.max && item < best.item) {
                best = (item, ratio2)
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
