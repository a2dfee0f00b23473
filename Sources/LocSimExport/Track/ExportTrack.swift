public import LocSimLocationCore
public import LocSimSupport

/// The track every location format writes: the chosen fixes (`--fixes`), at instants rounded to
/// milliseconds and strictly increasing, densified so no step exceeds `--max-step`.
///
/// Rounding: two fixes whose instants round to the same millisecond keep the later one (as
/// playback keeps the later of two points at one instant). Densifying inserts evenly spaced
/// points along the geodesic, timed in proportion, never closer than 1 ms.
public enum ExportTrack {
    /// The exported points for `input` under `options`.
    ///
    /// - Throws: ``ExportError`` (`.data`) when there is no fix to export.
    public static func points(
        _ input: ExportInput, options: ExportOptions, geodesic: Geodesic = .wgs84
    ) throws(ExportError)
        -> [ExportPoint]
    {
        let chosen: [ExportPoint]
        switch options.fixes {
        case .raw:
            chosen = input.rawFixes.map { ExportPoint(t: $0.t, coordinate: $0.coordinate, altitude: $0.altitude) }
        case .delivered:
            chosen = input.deliveredFixes.map { ExportPoint(t: $0.t, coordinate: $0.coordinate) }
        }
        let points = strictlyIncreasing(chosen)
        guard !points.isEmpty else {
            throw ExportError(
                .data,
                options.fixes == .raw
                    ? "the replay produced no fixes" : "the replay delivered no fixes; try '--fixes raw'")
        }
        return densified(points, maxStep: options.maxStep, geodesic: geodesic)
    }

    /// `points` with instants rounded to milliseconds; of points sharing one, the later is kept.
    static func strictlyIncreasing(_ points: [ExportPoint]) -> [ExportPoint] {
        var result: [ExportPoint] = []
        result.reserveCapacity(points.count)
        for var point in points {
            point.t = (point.t * 1000).rounded() / 1000
            while let last = result.last, last.t >= point.t { result.removeLast() }
            result.append(point)
        }
        return result
    }

    /// Inserts points so that consecutive ones are at most `maxStep` apart.
    static func densified(_ points: [ExportPoint], maxStep: MaxStep, geodesic: Geodesic) -> [ExportPoint] {
        guard points.count > 1, maxStep.metres != nil || maxStep.seconds != nil else { return points }
        var result: [ExportPoint] = [points[0]]
        for (a, b) in zip(points, points.dropFirst()) {
            let duration = b.t - a.t
            var pieces = 1.0
            if let metres = maxStep.metres {
                pieces = max(pieces, (geodesic.distance(from: a.coordinate, to: b.coordinate) / metres).rounded(.up))
            }
            if let seconds = maxStep.seconds { pieces = max(pieces, (duration / seconds).rounded(.up)) }
            // Never closer than 1 ms, so the instants stay distinct once rounded.
            let count = Int(min(pieces, (duration * 1000).rounded(.down)))
            if count > 1 {
                for k in 1..<count {
                    let fraction = Double(k) / Double(count)
                    let altitude = a.altitude.flatMap { from in b.altitude.map { from + ($0 - from) * fraction } }
                    result.append(
                        ExportPoint(
                            t: ((a.t + duration * fraction) * 1000).rounded() / 1000,
                            coordinate: geodesic.intermediate(from: a.coordinate, to: b.coordinate, fraction: fraction),
                            altitude: altitude))
                }
            }
            result.append(b)
        }
        return result
    }
}
