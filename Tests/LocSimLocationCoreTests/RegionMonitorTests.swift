import LocSimLocationCore
import Testing

/// Region monitoring: initial state, hysteresis (100 m beyond the boundary for 20 s), the limit.
@Suite struct RegionMonitorTests {
    static let center = Coordinate(latitude: 40, longitude: -75)
    static let geodesic = Geodesic.wgs84

    /// A fix `metres` north of the centre at `t`.
    static func fix(_ metres: Double, at t: Double) -> RawFix {
        RawFix(t: t, coordinate: geodesic.direct(from: center, azimuth: 0, distance: metres).coordinate)
    }

    static func monitor() -> RegionMonitor {
        RegionMonitor(regions: [MonitoredRegion(id: "home", center: center, radius: 1000)])
    }

    @Test func theFirstFixReportsTheState() {
        var inside = Self.monitor()
        #expect(inside.ingest(Self.fix(999, at: 0)) == [.state(id: "home", inside: true)])
        var outside = Self.monitor()
        #expect(outside.ingest(Self.fix(1001, at: 0)) == [.state(id: "home", inside: false)])
    }

    @Test func anExitNeedsTheMarginHeldForTwentySeconds() {
        var monitor = Self.monitor()
        _ = monitor.ingest(Self.fix(0, at: 0))
        // Past the boundary but within the 100 m margin: nothing, however long.
        for t in 1...60 { #expect(monitor.ingest(Self.fix(1090, at: Double(t))).isEmpty) }
        // Beyond the margin from t = 61: the exit comes with the fix 20 s later.
        for t in 61..<81 { #expect(monitor.ingest(Self.fix(1200, at: Double(t))).isEmpty) }
        #expect(monitor.ingest(Self.fix(1200, at: 81)) == [.exit(id: "home")])
        #expect(monitor.ingest(Self.fix(1200, at: 82)).isEmpty)
    }

    @Test func goingBackRestartsTheWait() {
        var monitor = Self.monitor()
        _ = monitor.ingest(Self.fix(2000, at: 0))
        for t in 1..<20 { #expect(monitor.ingest(Self.fix(500, at: Double(t))).isEmpty) }
        #expect(monitor.ingest(Self.fix(1000, at: 20)).isEmpty)
        for t in 21..<41 { #expect(monitor.ingest(Self.fix(850, at: Double(t))).isEmpty) }
        #expect(monitor.ingest(Self.fix(850, at: 41)) == [.enter(id: "home")])
    }

    @Test func beyondTwentyRegionsEachFailsWithCode5() {
        let regions = (0..<22).map { MonitoredRegion(id: "r\($0)", center: Self.center, radius: 100) }
        var monitor = RegionMonitor(regions: regions)
        let failures = monitor.start()
        #expect(failures.count == 2)
        #expect(
            failures.first
                == .failed(
                    id: "r20", code: 5, message: "The operation couldn't be completed. (kCLErrorDomain error 5.)"))
        #expect(monitor.ingest(Self.fix(0, at: 0)).count == 20)
    }
}

/// `CLLocation.timestamp` for every fix, increasing over laps.
@Suite struct FixClockTests {
    @Test func aTimedTrackKeepsItsClockAndLaterLapsContinueIt() {
        var clock = FixClock()
        #expect(clock.date(t: 0, sourceTime: 1000) == 1000)
        #expect(clock.date(t: 10, sourceTime: 1010) == 1010)
        // Lap 2 starts at t = 11 with the GPX clock back at 1000.
        #expect(clock.date(t: 11, sourceTime: 1000) == 1011)
        #expect(clock.date(t: 21, sourceTime: 1010) == 1021)
    }

    @Test func anUntimedTrackCountsFromTheReferenceDate() {
        var clock = FixClock()
        #expect(clock.date(t: 5, sourceTime: nil) == FixClock.referenceDate + 5)
    }
}
