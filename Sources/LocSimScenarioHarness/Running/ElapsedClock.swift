import LocSimSupport

/// Reads elapsed time for reports (JUnit `time=` attributes). Injected so reports are
/// reproducible in tests; it never influences a transcript.
public protocol ElapsedClock: Sendable {
    /// Seconds since an arbitrary fixed origin; never decreases.
    func seconds() -> Double
}

/// The process's monotonic clock, for the CLI.
package struct MonotonicClock: ElapsedClock {
    private let origin: ContinuousClock.Instant

    /// A clock whose origin is the moment it is created.
    public init() {
        origin = ContinuousClock().now
    }

    public func seconds() -> Double {
        origin.duration(to: ContinuousClock().now).inSeconds
    }
}
