package import LocSimLocationCore
import LocSimSupport

/// Engine throughput: synthetic raw fixes through the accuracy model and the distance filter, in
/// memory. `locsim bench` reports it; the clock is passed in so the core never reads one itself.
package enum EngineBenchmark {
    /// What a run measured.
    package struct Result: Sendable, Hashable {
        /// Raw fixes ingested.
        package var fixes: Int
        /// Locations delivered (so the work cannot be optimised away, and as a sanity check).
        package var delivered: Int
        /// Wall-clock seconds the ingestion took.
        package var seconds: Double
        /// `fixes / seconds`.
        package var fixesPerSecond: Double
    }

    /// Pushes `fixes` raw fixes through a fresh engine with `configuration` — by default the
    /// replay's defaults: correlated kilometer noise (seed 0) and the 3000 m distance filter, the
    /// same code path as `locsim replay` — and times the ingestion on `clock`; with `repeats` > 1
    /// the whole run is repeated and the fastest counts. The fixes are a drive north-east at
    /// 25 m/s, one a second (so about one fix in 140 is delivered and one in nine is near enough
    /// to the filter to be displaced); the loop's own work, building each `RawFix` and walking
    /// the returned events, is part of the time, as it is of a replay's.
    package static func run<C: Clock>(
        fixes: Int, configuration: LocationEngine.Configuration = .init(), repeats: Int = 1, clock: C
    ) -> Result where C.Duration == Duration {
        var fastest: Result?
        for _ in 0..<max(1, repeats) {
            let result = once(fixes: fixes, configuration: configuration, clock: clock)
            if fastest == nil || result.seconds < fastest!.seconds { fastest = result }
        }
        return fastest!
    }

    static func once<C: Clock>(
        fixes: Int, configuration: LocationEngine.Configuration, clock: C
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
