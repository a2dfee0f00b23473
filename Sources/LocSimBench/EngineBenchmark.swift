import LocSimSupport
public import LocationCore

/// Engine throughput: synthetic raw fixes through the accuracy model and the distance filter, in
/// memory. `locsim bench` reports it; the clock is passed in so the core never reads one itself.
public enum EngineBenchmark {
    /// What a run measured.
    public struct Result: Sendable, Hashable {
        /// Raw fixes ingested.
        public var fixes: Int
        /// Locations delivered (so the work cannot be optimised away, and as a sanity check).
        public var delivered: Int
        /// Wall-clock seconds the ingestion took.
        public var seconds: Double
        /// `fixes / seconds`.
        public var fixesPerSecond: Double
    }

    /// Pushes `fixes` raw fixes — a drive north-east at 25 m/s, one fix a second — through an
    /// engine with the default configuration (kilometer accuracy with noise, 3000 m filter) and
    /// times it on `clock`.
    public static func run<C: Clock>(
        fixes: Int, configuration: LocationEngine.Configuration = .init(), clock: C
    ) -> Result where C.Duration == Duration {
        let count = max(0, fixes)
        var engine = LocationEngine(configuration: configuration)
        var delivered = 0
        let elapsed = clock.measure {
            _ = engine.start(at: 0)
            // 25 m/s ≈ 0.000159° of latitude a second; wraps so any count stays on the globe.
            let step = 25.0 / 111_320 / 2.squareRoot()
            for index in 0..<count {
                let k = Double(index % 200_000)
                let raw = RawFix(
                    t: Double(index), coordinate: Coordinate(latitude: 30 + k * step, longitude: -90 + k * step))
                for event in engine.ingest(raw) {
                    if case .location = event { delivered += 1 }
                }
            }
        }
        let seconds = elapsed.inSeconds
        return Result(
            fixes: count, delivered: delivered, seconds: seconds,
            fixesPerSecond: seconds > 0 ? Double(count) / seconds : 0)
    }
}
