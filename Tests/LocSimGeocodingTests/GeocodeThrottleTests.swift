import LocSimGeocoding
import Testing

struct GeocodeThrottleTests {
    /// Independent model: keep every granted instant, count those in (t − window, t] afresh.
    struct BruteForceThrottle {
        let limit: Int
        let window: Double
        var granted: [Double] = []

        mutating func request(at t: Double) -> Bool {
            let inWindow = granted.filter { $0 > t - window && $0 <= t }.count
            guard inWindow < limit else { return false }
            granted.append(t)
            return true
        }
    }

    /// Offers requests at `instants` in order; returns which were granted.
    static func decide(_ throttle: inout GeocodeThrottle, _ instants: [Double]) -> [Bool] {
        instants.map { throttle.request(at: $0) }
    }

    @Test func fiftyPerMinuteThenDeniedUntilTheFirstLeavesTheWindow() {
        var throttle = GeocodeThrottle.apple
        let first = Self.decide(&throttle, (0..<50).map { Double($0) * 0.5 })
        #expect(first == Array(repeating: true, count: 50))
        #expect(Self.decide(&throttle, [25, 59.5]) == [false, false])
        #expect(throttle.grantedInWindow(at: 59.5) == 50)
        // The first grant was at 0: at exactly 60 it has left (0, 60]; the one at 0.5 leaves at 60.5.
        #expect(Self.decide(&throttle, [60, 60, 60.5, 60.75]) == [true, false, true, false])
    }

    @Test func deniedRequestsDoNotCount() {
        var throttle = GeocodeThrottle(limit: 2, window: 10)
        #expect(Self.decide(&throttle, [0, 1]) == [true, true])
        #expect(Self.decide(&throttle, (2..<10).map(Double.init)) == Array(repeating: false, count: 8))
        // Had the denials counted, 10 would still see eight of them in the window.
        #expect(Self.decide(&throttle, [10, 11, 11]) == [true, true, false])
    }

    @Test(arguments: [(50, 60.0), (1, 1.0), (3, 2.5), (10, 7.0)])
    func matchesTheBruteForceModel(_ limit: Int, _ window: Double) {
        var throttle = GeocodeThrottle(limit: limit, window: window)
        var model = BruteForceThrottle(limit: limit, window: window)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(limit)
        var t = 0.0
        for step in 0..<2000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Steps in quarter seconds (exact in binary), often zero: bursts, ties and exact boundaries.
            let quarters = Int(state >> 61)
            t += Double(quarters) * 0.25
            let expected = model.request(at: t)
            let actual = throttle.request(at: t)
            #expect(actual == expected, "step \(step) at t=\(t)")
        }
    }

    @Test(arguments: ["50/60", "1/0.5", "200/3600"])
    func parsesLimitArgument(_ text: String) throws {
        let throttle = try #require(GeocodeThrottle(argument: text))
        #expect(throttle.argument == text)
    }

    @Test func parsesTheDefault() {
        #expect(GeocodeThrottle(argument: "50/60") == GeocodeThrottle.apple)
        #expect(GeocodeThrottle(argument: "50/60")?.limit == 50)
        #expect(GeocodeThrottle(argument: "50/60")?.window == 60)
    }

    @Test(arguments: [
        "", "50", "50/", "/60", "0/60", "-1/60", "50/0", "50/-1", "50/inf", "50/nan", "5.5/60", "50/60/1", "a/b",
    ])
    func rejectsBadArguments(_ text: String) {
        #expect(GeocodeThrottle(argument: text) == nil)
    }
}
