public import LocSimGPX
public import LocSimGeocoding

/// What a replay did, for the one-line summary on stderr and for benchmarks.
public struct ReplaySummary: Sendable, Hashable {
    /// The GPX reader's counts for the (last lap of the) file.
    public var file: GPXSummary
    /// Which kind of point was replayed.
    public var source: GPXPointKind?
    /// Raw fixes produced by playback (after interpolation, over all laps).
    public var rawFixes = 0
    /// Fixes the engine delivered (`location` events).
    public var deliveredFixes = 0
    /// Virtual seconds from start to the last event.
    public var duration = 0.0
    /// Lines written to the transcript.
    public var events = 0
    /// The geocoding session's counters: issued, throttled, cached, …
    public var geocoding = GeocodeCounters()

    public init(file: GPXSummary = GPXSummary()) {
        self.file = file
    }
}
