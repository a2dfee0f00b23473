import LocSimGPX
import LocSimSimulation

/// Measures the untimed runs playback is not willing to hold (``Playback/runExtentRequest``) by
/// reading ahead: over the held points of a route or waypoint replay, or over a second pass of
/// the file for a track. The second pass starts at the first long run and only moves forward, so
/// a lap costs at most two parses and memory stays bounded whatever the length of the runs.
final class RunLookAhead {
    private enum Source {
        case file(path: String, reader: GPXReader)
        case points([PlaybackPoint])
    }

    private let source: Source
    private var stream: PointStream?
    private var pending: ArraySlice<PlaybackPoint> = []
    /// The lap index of `pending`'s first point.
    private var consumed = 0

    /// Looks ahead in the track points of the file at `path`.
    init(path: String, reader: GPXReader) {
        source = .file(path: path, reader: reader)
    }

    /// Looks ahead in points already held.
    init(points: [PlaybackPoint]) {
        source = .points(points)
    }

    deinit {
        stream?.cancel()
    }

    /// Answers playback's request for a run's extent, if it has one.
    @inline(__always)
    func serve(_ playback: inout Playback) {
        guard playback.needsRunExtent, let request = playback.runExtentRequest else { return }
        playback.provideRunExtent(measure(request))
    }

    private func measure(_ request: Playback.RunExtentRequest) -> Playback.RunExtent {
        var measure = Playback.RunExtentMeasure(request)
        switch source {
        case .points(let points):
            for point in points.dropFirst(request.start) {
                if let extent = measure.add(point) { return extent }
            }
            return measure.atEnd
        case .file(let path, let reader):
            if stream == nil {
                stream = PointStream(path: path, reader: reader, selector: SourceSelector(forced: .trackPoint))
            }
            while true {
                if pending.isEmpty {
                    guard let batch = stream?.next() else { return measure.atEnd }
                    pending = batch[...]
                }
                let skip = min(max(0, request.start - consumed), pending.count)
                pending = pending.dropFirst(skip)
                consumed += skip
                guard let point = pending.first else { continue }
                pending = pending.dropFirst()
                consumed += 1
                if let extent = measure.add(point) { return extent }
            }
        }
    }
}
