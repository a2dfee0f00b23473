import LocSimBench
import Testing

struct GazetteerBenchmarkTests {
    @Test func runsTheRequestedLookupsDeterministically() throws {
        let first = try GazetteerBenchmark.run(lookups: 300, seed: 7, clock: ContinuousClock())
        let second = try GazetteerBenchmark.run(lookups: 300, seed: 7, clock: ContinuousClock())
        #expect(first.lookups == 300)
        #expect(first.places > 150_000)
        #expect(first.found == second.found)
        // Points within 0.25° of a town nearly always have a place within 100 km.
        #expect(first.found > 290 && first.found <= 300)
    }
}
