import LocSimGPX
import LocSimSimulation

/// Measures the untimed runs playback is not willing to hold (``Playback/runExtentRequest``) of
/// a track streamed from a file, by reading ahead in a second pass over the same file (its one
/// descriptor, ``GPXFile``). The second pass starts at the first long run and only moves
/// forward, so a lap costs at most two parses and memory stays bounded whatever the length of
/// the runs.
final class RunLookAhead {
    private let file: GPXFile
    private let reader: GPXReader
    private var stream: PointStream?
    private var pending: ArraySlice<PlaybackPoint> = []
    /// The lap index of `pending`'s first point.
    private var consumed = 0

    /// Looks ahead in the track points of `file`.
    init(file: GPXFile, reader: GPXReader) {
        self.file = file
        self.reader = reader
    }

    deinit {
        stream?.cancel()
    }

    /// The extent of the run `request` describes.
    func measure(_ request: Playback.RunExtentRequest) -> Playback.RunExtent {
        var measure = Playback.RunExtentMeasure(request)
        if stream == nil {
            stream = PointStream(file: file, reader: reader, selector: SourceSelector(forced: .trackPoint))
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
