import Foundation
import LocSimGPX
import LocSimSimulation

/// The points of one pass over a GPX file, read on a thread of their own and handed over in
/// order, in batches, so that parsing (libxml2 and the reader) and the rest of the replay
/// (playback, engine, bus) run side by side on two cores.
///
/// Nothing about the result depends on the thread: the consumer sees exactly the sequence the
/// reader's callback produced, then the outcome. Memory stays bounded: the reading thread waits
/// when `capacity` batches of `batchSize` points are waiting (about 200 KB by default).
struct PointStream {
    /// What the reading thread hands over: batches of selected points, then the outcome.
    private enum Message: Sendable {
        case points([PlaybackPoint])
        case finished(Result<GPXSummary, any Error>, SourceSelector)
    }

    private let handOff: HandOff<Message>
    private var ending: (result: Result<GPXSummary, any Error>, selector: SourceSelector)?

    /// Starts reading `file` on a new thread; `selector` chooses the points (see
    /// ``SourceSelector``) and comes back, with what it held, from ``outcome()``.
    init(
        file: GPXFile, reader: GPXReader, selector: SourceSelector, batchSize: Int = 1024, capacity: Int = 4
    ) {
        let handOff = HandOff<Message>(capacity: capacity)
        self.handOff = handOff
        let thread = Thread {
            var selector = selector
            var batch: [PlaybackPoint] = []
            batch.reserveCapacity(batchSize)
            let result = Result<GPXSummary, any Error> {
                try reader.lendPoints(of: file) { point in
                    // Field by field: `point.pointee` as a whole would be copied.
                    let selected = selector.accept(
                        point.pointee.kind,
                        PlaybackPoint(
                            coordinate: point.pointee.coordinate, elevation: point.pointee.elevation,
                            time: point.pointee.time, afterBreak: point.pointee.followsSkippedPoint))
                    guard let selected else { return }
                    batch.append(selected)
                    if batch.count == batchSize {
                        guard handOff.send(.points(batch)) else { throw Cancelled() }
                        batch.removeAll(keepingCapacity: true)
                    }
                }
            }
            if !batch.isEmpty { handOff.send(.points(batch)) }
            handOff.send(.finished(result, selector))
            handOff.close()
        }
        thread.name = "locsim GPX reader"
        thread.start()
    }

    /// The next batch of points in file order, waiting for it; `nil` once the file is read.
    mutating func next() -> [PlaybackPoint]? {
        guard ending == nil, let message = handOff.receive() else { return nil }
        switch message {
        case .points(let points):
            return points
        case .finished(let result, let selector):
            ending = (result, selector)
            return nil
        }
    }

    /// Stops the reading thread early (a look-ahead that has read enough); nothing more arrives.
    func cancel() {
        handOff.cancel()
    }

    /// What the reading thread throws to end a cancelled parse.
    private struct Cancelled: Error {}

    /// Once ``next()`` has returned `nil`: how the read ended, and the selector with what it held.
    func outcome() -> (result: Result<GPXSummary, any Error>, selector: SourceSelector) {
        guard let ending else { preconditionFailure("PointStream.outcome() before the last batch") }
        return ending
    }
}
