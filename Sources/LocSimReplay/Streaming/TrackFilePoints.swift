import LocSimGPX
import LocSimSimulation
import LocSimSupport

/// The points a replay drives through, streamed from its GPX file (``GPXFile``: opened once for
/// every lap and look-ahead): track points as the file is parsed on a thread of its own
/// (``PointStream``); routes or waypoints, when they are the source, held until the end of the
/// file (``SourceSelector``) and kept for the next laps.
///
/// Errors are the replay's: a file that cannot be read or parsed, or one with nothing to play.
final class TrackFilePoints: DrivePoints {
    typealias Failure = ReplayError

    private let file: GPXFile
    private let displayPath: String
    private let reader: GPXReader
    /// `--source`, until the first pass has chosen the kind.
    private let forced: GPXPointKind?
    private var stream: PointStream?
    private var batch: [PlaybackPoint] = []
    private var batchIndex = 0
    private var lookAhead: RunLookAhead
    /// Routes or waypoints, once the first pass chose them; `heldIndex` is the next to play.
    private var held: [PlaybackPoint]?
    private var heldIndex = 0
    private var pointsThisPass = 0
    /// The file's summary (of the last pass read).
    private(set) var summary = GPXSummary()
    /// The kind replayed, once the first pass has ended.
    private(set) var kind: GPXPointKind?

    init(file: GPXFile, displayPath: String, reader: GPXReader, source: GPXPointKind?) {
        self.file = file
        self.displayPath = displayPath
        self.reader = reader
        forced = source
        lookAhead = RunLookAhead(file: file, reader: reader)
        stream = PointStream(file: file, reader: reader, selector: SourceSelector(forced: source))
    }

    deinit {
        stream?.cancel()
    }

    func next() throws(ReplayError) -> PlaybackPoint? {
        while true {
            if batchIndex < batch.count {
                defer { batchIndex += 1 }
                return batch[batchIndex]
            }
            if stream != nil {
                if let points = stream!.next() {
                    batch = points
                    batchIndex = 0
                    pointsThisPass += points.count
                    continue
                }
                try endOfFile()
                continue
            }
            guard let held, heldIndex < held.count else { return nil }
            defer { heldIndex += 1 }
            return held[heldIndex]
        }
    }

    func rewind() {
        heldIndex = 0
        guard held == nil else { return }
        // Track points: another pass over the file (the same descriptor).
        stream = PointStream(file: file, reader: reader, selector: SourceSelector(forced: .trackPoint))
        lookAhead = RunLookAhead(file: file, reader: reader)
        pointsThisPass = 0
    }

    func measure(_ request: Playback.RunExtentRequest) -> Playback.RunExtent {
        if let held { return HeldPoints.measure(request, over: held) }
        return lookAhead.measure(request)
    }

    /// The end of a pass over the file: its outcome, then what the selector held.
    private func endOfFile() throws(ReplayError) {
        var (result, selector) = stream!.outcome()
        stream = nil
        batch = []
        batchIndex = 0
        do {
            summary = try result.get()
        } catch let error as GPXError {
            var diagnostic = error.diagnostic
            diagnostic.file = displayPath
            let message = diagnostic.description
            let missing = error.code == .fileNotFound || error.code == .unreadableFile
            throw ReplayError(missing ? .missingInput : .invalidInput, message)
        } catch {
            throw ReplayError(.invalidInput, "\(displayPath): error: \(error)")
        }
        let (points, chosen) = selector.finish()
        guard let chosen, pointsThisPass + points.count > 0 else {
            let what = forced.map { "no <\($0.rawValue)> points to replay, but --source asks for them" }
            throw ReplayError(.invalidInput, "\(displayPath): error: \(what ?? "no points to replay")")
        }
        kind = chosen
        if chosen != .trackPoint {
            held = points
            heldIndex = 0
        }
    }
}
