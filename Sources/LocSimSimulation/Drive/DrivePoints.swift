/// Where a ``Drive`` gets its source points: one pass over them per lap, and, for an untimed run
/// longer than playback will hold, a look-ahead that measures it (``Playback/RunExtentRequest``).
///
/// A GPX file streamed from disk is one conformer (the replay's); ``HeldPoints`` — points in
/// memory, as a ``SimulatedDevice`` holds them — is the other.
package protocol DrivePoints {
    /// What reading the points can throw (`Never` for points in memory).
    associatedtype Failure: Error

    /// The next point of the current pass, or `nil` at its end.
    mutating func next() throws(Failure) -> PlaybackPoint?

    /// Starts the next pass over the same points (the next lap).
    mutating func rewind() throws(Failure)

    /// The extent of the untimed run `request` describes, read ahead from point `request.start`
    /// of the current pass (``Playback/RunExtentMeasure``).
    mutating func measure(_ request: Playback.RunExtentRequest) throws(Failure) -> Playback.RunExtent
}

/// Points held in memory: every pass plays the same array.
package struct HeldPoints: DrivePoints, Sendable {
    package typealias Failure = Never

    package let points: [PlaybackPoint]
    private var index = 0

    package init(_ points: [PlaybackPoint]) {
        self.points = points
    }

    package mutating func next() -> PlaybackPoint? {
        guard index < points.count else { return nil }
        defer { index += 1 }
        return points[index]
    }

    package mutating func rewind() {
        index = 0
    }

    package func measure(_ request: Playback.RunExtentRequest) -> Playback.RunExtent {
        Self.measure(request, over: points)
    }

    /// The extent of `request`'s run over `points` (a pass's points, from its first).
    package static func measure(
        _ request: Playback.RunExtentRequest, over points: [PlaybackPoint]
    ) -> Playback.RunExtent {
        var measure = Playback.RunExtentMeasure(request)
        for point in points.dropFirst(request.start) {
            if let extent = measure.add(point) { return extent }
        }
        return measure.atEnd
    }
}
