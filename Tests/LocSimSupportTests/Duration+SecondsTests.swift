import LocSimSupport
import Testing

@Suite struct DurationSecondsTests {
    @Test(arguments: [
        (Duration.milliseconds(300), 0.3), (.seconds(0.3), 0.3), (.milliseconds(2500), 2.5), (.seconds(30), 30),
        (.milliseconds(1), 0.001), (.microseconds(1), 0.000_001), (.zero, 0), (.milliseconds(-300), -0.3),
        (.seconds(86_400), 86_400),
    ])
    func isTheNearestDouble(duration: Duration, seconds: Double) {
        #expect(duration.inSeconds == seconds)
    }
}
