/// `SimulatedDevice.clock`: a `Clock` on the device's virtual time, so the code under test can
/// sleep, retry and debounce with `Task.sleep(for:clock:)`, `clock.sleep(for:)` or
/// `clock.now`, and never wait on the wall clock.
///
/// Rules (docs/device.md, "The clock"):
/// - ``now`` is ``SimulatedDevice/now``: the latest update or monitor event handed out, or the
///   deadline of the latest sleep that returned.
/// - A sleep plays the drive up to its deadline itself (every update, monitor event and
///   transcript line at or before it is made, and kept for the iterators that read them later),
///   then moves ``now`` to the deadline and returns at once in wall time. A fix at the same
///   instant as the deadline comes first.
/// - A deadline at or before ``now`` (a zero or negative duration) returns at once.
/// - A cancelled task's sleep throws `CancellationError`, as `Task.sleep` does.
/// - After the drive's end, time goes on up to ``afterDrive`` seconds past it (a retry or a
///   trailing debounce after the last fix still happens); a later deadline throws
///   `CancellationError` with ``now`` at the drive's end: nothing would ever wake it.
public struct DeviceClock: Clock, Sendable {
    /// How far past the end of the drive a sleep may reach, seconds (one hour).
    public static let afterDrive = 3600.0

    /// An instant of the drive: its offset from the start (t = 0).
    public struct Instant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
        public typealias Duration = Swift.Duration
        /// The offset from the start of the drive.
        public var offset: Duration

        public init(offset: Duration) {
            self.offset = offset
        }

        /// Virtual seconds since the start of the drive, as ``SimulatedDevice/now`` and the
        /// transcript's `t` count them.
        public var seconds: Double {
            let (whole, atto) = offset.components
            return Double(whole) + Double(atto) * 1e-18
        }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
        public var description: String { "t=\(seconds)" }
    }

    let state: DeviceState

    public var now: Instant { Instant(offset: .seconds(state.withDrive { $0.now })) }

    /// One millisecond: the transcript's resolution.
    public var minimumResolution: Duration { .milliseconds(1) }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let reached = state.withDrive { $0.sleep(until: deadline.seconds) }
        guard reached else { throw CancellationError() }
    }
}
