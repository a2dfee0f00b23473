import LocSimCLI
import Testing

@Suite struct ManualWallClockTests {
    @Test func sleepsAdvanceTimeAndAreRecorded() {
        let clock = ManualWallClock(now: .seconds(5))
        clock.sleep(for: .milliseconds(250))
        clock.sleep(for: .zero)
        clock.sleep(for: .seconds(-1))
        clock.advance(by: .seconds(1))
        clock.sleep(for: .seconds(2))
        #expect(clock.now() == .seconds(8) + .milliseconds(250))
        #expect(clock.sleeps == [.milliseconds(250), .seconds(2)])
    }
}
