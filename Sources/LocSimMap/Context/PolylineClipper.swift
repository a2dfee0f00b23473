/// Cuts polylines to a rectangle (Liang–Barsky per segment): what lies outside is dropped and a
/// line that leaves and re-enters becomes several runs, each ending exactly on the edge.
struct PolylineClipper {
    /// The rectangle the runs must stay inside.
    let rect: PixelRect
    /// Points closer than this to the previous point of a run are dropped (the run's last point
    /// is always kept).
    let minimumSpacing: Double

    /// The visible runs of the line through `points`, each of at least two points.
    func clip(_ points: [PixelPoint]) -> [[PixelPoint]] {
        var runs: [[PixelPoint]] = []
        var run: [PixelPoint] = []
        func finish() {
            if run.count >= 2 { runs.append(run) }
            run = []
        }
        for (a, b) in zip(points, points.dropFirst()) {
            guard let (t0, t1) = segment(a, b) else {
                finish()
                continue
            }
            let start = PixelPoint(x: a.x + t0 * (b.x - a.x), y: a.y + t0 * (b.y - a.y))
            let end = PixelPoint(x: a.x + t1 * (b.x - a.x), y: a.y + t1 * (b.y - a.y))
            if t0 > 0 { finish() }
            if run.isEmpty { run.append(start) }
            if t1 < 1 {
                run.append(end)
                finish()
            } else if let last = run.last, Self.distanceSquared(last, end) >= minimumSpacing * minimumSpacing {
                run.append(end)
            } else if b == points.last {
                run.append(end)
            }
        }
        finish()
        return runs
    }

    /// The parameters (0...1) of the part of segment `a`–`b` inside ``rect``, or nil for none.
    func segment(_ a: PixelPoint, _ b: PixelPoint) -> (Double, Double)? {
        let dx = b.x - a.x
        let dy = b.y - a.y
        var t0 = 0.0
        var t1 = 1.0
        for (p, q) in [(-dx, a.x - rect.x), (dx, rect.maxX - a.x), (-dy, a.y - rect.y), (dy, rect.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let r = q / p
            if p < 0 {
                if r > t1 { return nil }
                t0 = max(t0, r)
            } else {
                if r < t0 { return nil }
                t1 = min(t1, r)
            }
        }
        return (t0, t1)
    }

    private static func distanceSquared(_ a: PixelPoint, _ b: PixelPoint) -> Double {
        (b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)
    }
}
