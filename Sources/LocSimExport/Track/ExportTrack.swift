public import LocSimLocationCore
public import LocSimSupport

/// The track every location format writes: the chosen fixes (`--fixes`), at instants rounded to
/// milliseconds and strictly increasing, densified so no step exceeds `--max-step`, and with the
/// drive's jumps kept as jumps.
///
/// Rounding: two fixes whose instants round to the same millisecond keep the later one (as
/// playback keeps the later of two points at one instant). Densifying inserts evenly spaced
/// points along the geodesic, timed in proportion, never closer than 1 ms.
///
/// Jumps: where the device did not move between two fixes but stood at the first until the
/// second (`interval` 0, where playback plays the points only; a raw fix more than one
/// `interval` after the previous, after a pause), the step is not densified, the later point
/// ``ExportPoint/followsJump`` and a hold point (``ExportPoint/isHold``) repeats the earlier
/// one 1 ms before it, so a player that interpolates stays put until the jump.
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
        let points = marked(strictlyIncreasing(chosen), interval: input.interval, fixes: options.fixes)
        guard !points.isEmpty else {
            throw ExportError(
                .data,
                options.fixes == .raw
                    ? "the replay produced no fixes" : "the replay delivered no fixes; try '--fixes raw'")
        }
        return withHolds(densified(points, maxStep: options.maxStep, geodesic: geodesic))
    }

    /// `points` with ``ExportPoint/followsJump`` set where the drive jumped (see the type).
    static func marked(_ points: [ExportPoint], interval: Double?, fixes: ExportOptions.Fixes) -> [ExportPoint] {
        guard let interval, interval == 0 || fixes == .raw else { return points }
        var result = points
        for index in result.indices.dropFirst() {
            let (a, b) = (result[index - 1], result[index])
            result[index].followsJump =
                a.coordinate != b.coordinate && (interval == 0 || b.t - a.t > interval + 0.001)
        }
        return result
    }

    /// `points` with a hold before each jump, 1 ms before it, where there is room for one.
    static func withHolds(_ points: [ExportPoint]) -> [ExportPoint] {
        guard points.contains(where: \.followsJump) else { return points }
        var result: [ExportPoint] = []
        result.reserveCapacity(points.count * 2)
        for point in points {
            if point.followsJump, let last = result.last, point.t - last.t > 0.0015 {
                result.append(
                    ExportPoint(
                        t: ((point.t - 0.001) * 1000).rounded() / 1000, coordinate: last.coordinate,
                        altitude: last.altitude, isHold: true))
            }
            result.append(point)
        }
        return result
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
            if b.followsJump {
                result.append(b)
                continue
            }
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
