import LocSimCLI
import Testing

@Suite struct SystemWallClockTests {
    @Test func sleepLastsAtLeastItsDuration() {
        let clock = SystemWallClock()
        let start = clock.now()
        clock.sleep(for: .milliseconds(2))
        clock.sleep(for: .seconds(-5))
        #expect(clock.now() - start >= .milliseconds(2))
    }
}
