import LocSimBench
import Testing

@Suite struct EngineBenchmarkTests {
    @Test func pushesEveryFixAndDeliversAlongTheDrive() {
        let result = EngineBenchmark.run(fixes: 2000, clock: ContinuousClock())
        #expect(result.fixes == 2000)
        // 2000 s at 25 m/s is 50 km: with a 3000 m filter, about one delivery every 120 fixes.
        #expect(result.delivered >= 14 && result.delivered <= 19)
        #expect(result.seconds >= 0)
    }
}
