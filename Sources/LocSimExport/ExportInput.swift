public import LocSimLocationCore
public import LocSimSimulation

/// Everything one replay hands an export format: the raw fixes playback produced, the
/// transcript (delivered fixes, places, advisories, pushes) and the settings that shaped them.
/// The CLI builds it; formats only read it.
public struct ExportInput: Sendable {
    /// The base of every file name (`franklin-la` gives `franklin-la.gpx`).
    public var name: String
    /// Where the replay came from, for comments and titles (`Waypoints/franklin-la.gpx`).
    public var source: String
    /// Every raw fix, in order, strictly increasing in `t`.
    public var rawFixes: [RawFix]
    /// The transcript lines, in order.
    public var transcript: [TranscriptLine]
    /// The radius within which the engine delivers no new fix: the distance filter in metres,
    /// 500 in significant-change mode, `nil` for `none`.
    public var filterRadius: Double?
    /// Playback's `interval` (seconds between sampled fixes; 0: the points only, the device
    /// jumps from one to the next), or `nil` when unknown: then no jump is exported.
    public var interval: Double?

    public init(
        name: String, source: String, rawFixes: [RawFix], transcript: [TranscriptLine], filterRadius: Double?,
        interval: Double? = nil
    ) {
        self.name = name
        self.source = source
        self.rawFixes = rawFixes
        self.transcript = transcript
        self.filterRadius = filterRadius
        self.interval = interval
    }

    /// The fixes the engine delivered (the `location` lines).
    public var deliveredFixes: [DeliveredFix] {
        transcript.compactMap(DeliveredFix.init(line:))
    }

    /// Seconds since 1970 of virtual time 0: the track's own clock when it is timed (the first
    /// raw fix with a source time), else 2001-01-01T00:00:00Z, as the transcript's timestamps
    /// (``FixClock``), so an untimed track's export keeps the instants its replay reports.
    public var epoch: Double {
        if let fix = rawFixes.first(where: { $0.sourceTime != nil }), let time = fix.sourceTime {
            return time - fix.t
        }
        return Self.untimedEpoch
    }

    /// 2001-01-01T00:00:00Z (``FixClock/referenceDate``), the start of exported untimed tracks.
    public static let untimedEpoch = FixClock.referenceDate

    /// The push events, in order.
    public var pushes: [TranscriptLine] {
        transcript.filter { $0.notification.name == .push }
    }
}
