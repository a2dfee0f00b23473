import LocSimLocationCore
import LocSimSimulation
import Testing

/// Cost bounded by points, not virtual time: pauses over long gaps, breaks, repeated times, and
/// long untimed runs placed by a look-ahead exactly as if held.
@Suite struct PlaybackPauseTests {
    static func point(_ metres: Double, time: Double? = nil, afterBreak: Bool = false) -> PlaybackPoint {
        var point = PlaybackTests.point(metres, time: time)
        point.afterBreak = afterBreak
        return point
    }

    /// Every fix playback makes, pulled one at a time (each is one step of the replay loop).
    static func steps(_ points: [PlaybackPoint], configuration: Playback.Configuration = .default) -> [RawFix] {
        var playback = Playback(configuration: configuration)
        var fixes: [RawFix] = []
        for point in points {
            playback.enqueue(point)
            while let fix = playback.nextFix() { fixes.append(fix) }
        }
        playback.enqueueEnd()
        while let fix = playback.nextFix() { fixes.append(fix) }
        return fixes
    }

    @Test func aOneYearGapCostsNoMoreStepsThanAOneSecondGap() {
        let year = 365 * 86_400.0
        let track = { (gap: Double) in
            [
                Self.point(0, time: 0), Self.point(10, time: 1), Self.point(500, time: 1 + gap),
                Self.point(510, time: 2 + gap),
            ]
        }
        let second = Self.steps(track(1))
        let yearLong = Self.steps(track(year))
        #expect(yearLong.count <= second.count)
        #expect(yearLong.map(\.t) == [0, 1, 1 + year, 2 + year])
        // No interpolation across the pause: the position jumps at the next point.
        #expect(yearLong[2].coordinate == Self.point(500).coordinate)
    }

    @Test func aGapUpToMaxGapIsInterpolated() {
        let fixes = Self.steps([Self.point(0, time: 0), Self.point(600, time: 600)])
        #expect(fixes.count == 601)
        let paused = Self.steps(
            [Self.point(0, time: 0), Self.point(600, time: 600)], configuration: Playback.Configuration(maxGap: 599)!)
        #expect(paused.map(\.t) == [0, 600])
    }

    /// Untimed points are travel at `speed`, however far apart: 15 km at 20 m/s is 750 s of
    /// samples, not a pause (a route whose points are 15 km apart played as jumps).
    @Test func aLongSegmentAtSpeedIsTravelNotAPause() {
        let untimed = Self.steps([Self.point(0), Self.point(15_000), Self.point(30_000)])
        #expect(untimed.count == 1_501)
        #expect(untimed.map(\.t).map { $0.rounded() } == Array(0...1_500).map(Double.init))
        // Leading and trailing untimed points around timed ones too; the timed gap still pauses.
        let mixed = Self.steps([
            Self.point(0), Self.point(15_000, time: 10_000), Self.point(16_000, time: 20_000), Self.point(31_000),
        ])
        let instants = mixed.map { ($0.t * 1e6).rounded() / 1e6 }
        #expect(instants.prefix(751) == ArraySlice((0...750).map(Double.init)))
        #expect(instants[751] == 10_750)
        #expect(instants.count == 751 + 1 + 750)
        #expect(instants.last == 11_500)
    }

    @Test func aBreakHasNoSamplesLeadingToIt() {
        let fixes = Self.steps([
            Self.point(0, time: 0), Self.point(100, time: 10, afterBreak: true), Self.point(200, time: 20),
        ])
        #expect(fixes.map(\.t) == [0, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
    }

    @Test func placeholderTimesMoveAtSpeed() {
        // 494 points sharing one time: untimed after the first, 20 m/s, not merged into one fix.
        let points = (0..<494).map { Self.point(Double($0) * 20, time: 1_000) }
        let fixes = Self.steps(points, configuration: Playback.Configuration(interval: 0)!)
        #expect(fixes.count == 494)
        #expect(abs(fixes.last!.t - 493) < 1e-6)
    }

    @Test(arguments: [1, 7, 100])
    func aLongUntimedRunPlacedByLookAheadIsPlacedAsIfHeld(maxHeldRun: Int) {
        var points = [Self.point(0, time: 0)]
        points += (1..<300).map { Self.point(Double($0) * 7 + Double($0 % 3)) }
        points.append(Self.point(2_400, time: 200))
        points += (0..<50).map { Self.point(2_400 + Double($0) * 5) }  // a trailing run, at speed
        let configuration = Playback.Configuration(interval: 0.5)!
        let held = Self.play(points, configuration: configuration, maxHeldRun: 10_000)
        let streamed = Self.play(points, configuration: configuration, maxHeldRun: maxHeldRun)
        #expect(streamed == held)
        #expect(held.count > 400)
    }

    @Test(arguments: [1, 7, 100])
    func aLongLeadingRunPlacedByLookAheadIsCountedBackAsIfHeld(maxHeldRun: Int) {
        var points = (0..<300).map { Self.point(Double($0) * 7 + Double($0 % 3)) }
        points.append(Self.point(2_400, time: 5_000))
        points += (1..<20).map { Self.point(2_400 + Double($0) * 30, time: 5_000 + Double($0)) }
        let configuration = Playback.Configuration(interval: 0.5)!
        let held = Self.play(points, configuration: configuration, maxHeldRun: 10_000)
        let streamed = Self.play(points, configuration: configuration, maxHeldRun: maxHeldRun)
        #expect(streamed.count == held.count)
        for (a, b) in zip(streamed, held) {
            #expect(a.t == b.t && a.coordinate == b.coordinate)
            #expect(abs((a.sourceTime ?? .nan) - (b.sourceTime ?? .nan)) < 1e-6)
        }
        // Every fix is on the track's clock: 5000 s at the first timed point, counted back before it.
        let timed = held.first { $0.sourceTime == 5_000 }!
        for fix in held { #expect(abs((fix.sourceTime ?? .nan) - (5_000 + fix.t - timed.t)) < 1e-6) }
    }

    @Test(arguments: [1, 7, 100])
    func aLongUntimedLapLookedAheadHasNoTimes(maxHeldRun: Int) {
        let points = (0..<300).map { Self.point(Double($0) * 7) }
        let configuration = Playback.Configuration(interval: 0.5)!
        let held = Self.play(points, configuration: configuration, maxHeldRun: 10_000)
        let streamed = Self.play(points, configuration: configuration, maxHeldRun: maxHeldRun)
        #expect(streamed == held)
        #expect(held.count > 300)
        #expect(held.allSatisfy { $0.sourceTime == nil })
    }

    /// Plays `points`, answering each look-ahead request from the points themselves.
    static func play(_ points: [PlaybackPoint], configuration: Playback.Configuration, maxHeldRun: Int) -> [RawFix] {
        var playback = Playback(configuration: configuration, maxHeldRun: maxHeldRun)
        var fixes: [RawFix] = []
        for point in points {
            playback.enqueue(point)
            if let request = playback.runExtentRequest {
                var measure = Playback.RunExtentMeasure(request)
                var extent: Playback.RunExtent?
                for later in points.dropFirst(request.start) {
                    extent = measure.add(later)
                    if extent != nil { break }
                }
                playback.provideRunExtent(extent ?? measure.atEnd)
            }
            while let fix = playback.nextFix() { fixes.append(fix) }
        }
        playback.enqueueEnd()
        while let fix = playback.nextFix() { fixes.append(fix) }
        return fixes
    }
}
