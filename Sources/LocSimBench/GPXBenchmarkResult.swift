/// One timed pass over a GPX file.
package struct GPXBenchmarkResult: Sendable, Hashable {
    /// What was measured (`"libxml2 SAX2 loop"`, `"GPXReader"`).
    package var name: String
    package var seconds: Double
    /// Points in the file (the same figure for the baseline, so rates compare).
    package var points: Int
    /// Bytes read from the file.
    package var bytes: Int
    /// Peak resident set size of the process during the pass (Linux `VmHWM` after resetting it
    /// through `/proc/self/clear_refs`), or `nil` where that is unavailable. It includes the
    /// process's baseline (runtime, libraries), so it bounds the pass from above.
    package var peakResidentBytes: Int?

    package init(name: String, seconds: Double, points: Int, bytes: Int, peakResidentBytes: Int?) {
        self.name = name
        self.seconds = seconds
        self.points = points
        self.bytes = bytes
        self.peakResidentBytes = peakResidentBytes
    }

    package var pointsPerSecond: Double { seconds > 0 ? Double(points) / seconds : 0 }

    /// Decimal megabytes (10⁶ bytes) per second.
    package var megabytesPerSecond: Double { seconds > 0 ? Double(bytes) / 1_000_000 / seconds : 0 }
}
