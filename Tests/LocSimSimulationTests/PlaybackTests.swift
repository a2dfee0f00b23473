import LocSimLocationCore
import LocSimSimulation
import Testing

@Suite struct PlaybackTests {
    let wgs84 = Geodesic.wgs84
    static let origin = Coordinate(latitude: 29.7965, longitude: -91.501)

    static func point(
        _ metres: Double, azimuth: Double = 60, time: Double? = nil, elevation: Double? = nil
    ) -> PlaybackPoint {
        PlaybackPoint(
            coordinate: Geodesic.wgs84.direct(from: origin, azimuth: azimuth, distance: metres).coordinate,
            elevation: elevation, time: time)
    }

    static func play(_ points: [PlaybackPoint], interval: Double = 1, speed: Double = 20, laps: Int = 1) -> [RawFix] {
        var playback = Playback(configuration: Playback.Configuration(interval: interval, speed: speed)!)
        var fixes: [RawFix] = []
        for lap in 0..<laps {
            if lap > 0 { fixes += playback.beginLap() }
            for point in points { fixes += playback.push(point) }
        }
        return fixes + playback.finish()
    }

    @Test func twoTimedPoints100SecondsApartGive101FixesOneSecondApart() {
        let fixes = Self.play([Self.point(0, time: 1_000), Self.point(2_000, time: 1_100)])
        #expect(fixes.count == 101)
        #expect(fixes.map(\.t) == (0...100).map(Double.init))
        // Equally spaced along the geodesic: 20 m each, within 1 mm.
        for (a, b) in zip(fixes, fixes.dropFirst()) {
            #expect(abs(wgs84.distance(from: a.coordinate, to: b.coordinate) - 20) < 1e-3)
        }
        #expect(fixes.first?.coordinate == Self.point(0).coordinate)
        #expect(fixes.last?.coordinate == Self.point(2_000).coordinate)
        #expect(fixes.allSatisfy { abs(($0.speed ?? 0) - 20) < 1e-9 })
        #expect(fixes.map(\.sourceTime) == (0...100).map { 1_000 + Double($0) })
    }

    @Test func intervalZeroEmitsOnlyThePoints() {
        let fixes = Self.play([Self.point(0, time: 1_000), Self.point(2_000, time: 1_100)], interval: 0)
        #expect(fixes.map(\.t) == [0, 100])
    }

    @Test(arguments: [(0.5, 201), (2.0, 51), (3.0, 35), (7.0, 16)])
    func samplesSitOnTheGlobalGridPlusThePoints(interval: Double, count: Int) {
        let fixes = Self.play([Self.point(0, time: 0), Self.point(2_000, time: 100)], interval: interval)
        #expect(fixes.count == count)
        let interior = fixes.dropFirst().dropLast()
        #expect(interior.allSatisfy { ($0.t / interval).rounded() * interval == $0.t })
        #expect(fixes.last?.t == 100)
    }

    @Test func unevenTimesKeepTheGridAndAddEachPoint() {
        let fixes = Self.play([Self.point(0, time: 0), Self.point(100, time: 2.5), Self.point(300, time: 5.25)])
        #expect(fixes.map(\.t) == [0, 1, 2, 2.5, 3, 4, 5, 5.25])
        // Interpolation by distance in proportion to time within each segment.
        let atOne = fixes[1]
        #expect(abs(wgs84.distance(from: Self.point(0).coordinate, to: atOne.coordinate) - 40) < 1e-3)
        #expect(
            abs(wgs84.distance(from: Self.point(100).coordinate, to: fixes[4].coordinate) - 200 * 0.5 / 2.75) < 1e-3)
    }

    @Test func aSinglePointIsOneFixAtZero() {
        let fixes = Self.play([Self.point(0, time: 1_795_990_774)])
        #expect(fixes.count == 1)
        #expect(fixes[0].t == 0)
        #expect(fixes[0].coordinate == Self.point(0).coordinate)
        #expect(fixes[0].sourceTime == 1_795_990_774)
        #expect(fixes[0].speed == nil)
        #expect(Self.play([Self.point(0)]).map(\.t) == [0])
    }

    @Test func untimedPointsMoveAtSpeed() {
        let fixes = Self.play([Self.point(0), Self.point(1_000), Self.point(1_500)], interval: 0, speed: 20)
        #expect(fixes.count == 3)
        #expect(abs(fixes[1].t - 50) < 1e-9)
        #expect(abs(fixes[2].t - 75) < 1e-9)
        #expect(fixes.allSatisfy { $0.sourceTime == nil })
        let paced = Self.play([Self.point(0), Self.point(1_000)], interval: 1, speed: 10)
        #expect(paced.count == 101)
    }

    @Test func partialTimesAreFilledByDistanceBetweenTimedNeighbours() {
        // 0 m @ 0 s, untimed at 300 m and 400 m, 1000 m @ 100 s: the run shares 100 s by distance.
        let points = [Self.point(0, time: 500), Self.point(300), Self.point(400), Self.point(1_000, time: 600)]
        let fixes = Self.play(points, interval: 0)
        #expect(fixes.count == 4)
        #expect(abs(fixes[1].t - 30) < 1e-6)
        #expect(abs(fixes[2].t - 40) < 1e-6)
        #expect(fixes[3].t == 100)
        #expect(abs((fixes[1].sourceTime ?? 0) - 530) < 1e-6)
    }

    @Test func leadingAndTrailingUntimedPointsUseSpeed() {
        let points = [Self.point(0), Self.point(200, time: 1_000), Self.point(400, time: 1_050), Self.point(600)]
        let fixes = Self.play(points, interval: 0, speed: 20)
        #expect(fixes.map(\.t).map { ($0 * 1e6).rounded() / 1e6 } == [0, 10, 60, 70])
        // The leading point is counted back from the first timed one: 10 s before its 1000 s.
        #expect(abs((fixes[0].sourceTime ?? 0) - 990) < 1e-6)
        #expect(fixes[1].sourceTime == 1_000)
        #expect(abs((fixes[3].sourceTime ?? 0) - 1_060) < 1e-6)
    }

    @Test func samplesBeforeTheFirstTimedPointAreCountedBackFromIt() {
        // Untimed 0 m and 100 m, then 200 m @ 1000 s: at 20 m/s the timed point is at t = 10.
        let points = [Self.point(0), Self.point(100), Self.point(200, time: 1_000), Self.point(300, time: 1_005)]
        let fixes = Self.play(points, interval: 1, speed: 20)
        #expect(fixes.map(\.t).map { ($0 * 1e6).rounded() / 1e6 } == Array(0...15).map(Double.init))
        for fix in fixes {
            #expect(abs((fix.sourceTime ?? .nan) - (990 + fix.t)) < 1e-6, "t = \(fix.t)")
        }
    }

    @Test func eachLapsLeadingPointsAreCountedBackFromThatLapsFirstTimedPoint() {
        let points = [Self.point(0), Self.point(200, time: 1_000), Self.point(400, time: 1_010)]
        let fixes = Self.play(points, interval: 0, speed: 20, laps: 2)
        #expect(fixes.count == 6)
        // Lap 2 starts 1 s after lap 1's last point (t = 20) and plays its times again.
        #expect(fixes.map(\.t).map { ($0 * 1e6).rounded() / 1e6 } == [0, 10, 20, 21, 31, 41])
        let times = fixes.map { (($0.sourceTime ?? .nan) * 1e6).rounded() / 1e6 }
        #expect(times == [990, 1_000, 1_010, 990, 1_000, 1_010])
    }

    @Test func aRepeatedTimeIsNoScheduleThePointIsUntimed() {
        let points = [
            Self.point(0, time: 0), Self.point(100, time: 10), Self.point(150, time: 10), Self.point(300, time: 20),
        ]
        let fixes = Self.play(points, interval: 0)
        // The repeat shares 10 s → 20 s with the next leg by distance: 50 of 200 m.
        #expect(fixes.count == 4)
        #expect(fixes.map(\.t)[0...1] == [0, 10])
        #expect(abs(fixes[2].t - 12.5) < 1e-6)
        #expect(fixes[3].t == 20)
        // Points at one place and instant: the later is kept.
        let same = [Self.point(0, time: 0), Self.point(100, time: 10), Self.point(100, time: 10)]
        #expect(Self.play(same, interval: 0).map(\.t) == [0, 10])
        // Untimed duplicates (zero distance at speed) collapse the same way.
        #expect(Self.play([Self.point(0), Self.point(0), Self.point(100)], interval: 0).count == 2)
    }

    @Test func loopsRestartOneIntervalAfterTheEnd() {
        let points = [Self.point(0, time: 0), Self.point(100, time: 10.5)]
        let fixes = Self.play(points, interval: 1, laps: 2)
        let times = fixes.map(\.t)
        // Lap 1: 0…10, 10.5. Lap 2 starts at 11.5 and runs on the same grid: 12…21, 22.
        var expected: [Double] = (0...10).map(Double.init)
        expected += [10.5, 11.5]
        expected += (12...21).map(Double.init)
        expected.append(22)
        #expect(times == expected)
        #expect(fixes[12].coordinate == Self.point(0).coordinate)
        // No interpolation across the jump back to the start.
        #expect(fixes[11].coordinate == Self.point(100).coordinate)
        let pointsOnly = Self.play(points, interval: 0, laps: 3).map(\.t)
        #expect(pointsOnly == [0, 10.5, 11.5, 22, 23, 33.5])
    }

    @Test func elevationIsInterpolatedAndCourseFollowsTheSegment() {
        let points = [
            Self.point(0, azimuth: 90, time: 0, elevation: 10), Self.point(100, azimuth: 90, time: 10, elevation: 30),
        ]
        let fixes = Self.play(points)
        #expect(fixes[5].altitude == 20)
        #expect(fixes.allSatisfy { abs(($0.course ?? -1) - 90) < 0.01 })
        let noElevation = Self.play([Self.point(0, time: 0, elevation: 10), Self.point(100, time: 10)])
        #expect(noElevation[5].altitude == nil)
    }

    @Test func streamingAndArrayInterfacesAgree() {
        let points = (0..<50).map { Self.point(Double($0) * 37, time: $0 % 3 == 0 ? Double($0) * 2 : nil) }
        let arrays = Self.play(points)
        var playback = Playback()
        var pulled: [RawFix] = []
        for point in points {
            playback.enqueue(point)
            while let fix = playback.nextFix() { pulled.append(fix) }
        }
        playback.enqueueEnd()
        while let fix = playback.nextFix() { pulled.append(fix) }
        #expect(pulled == arrays)
        #expect(zip(pulled, pulled.dropFirst()).allSatisfy { $0.t < $1.t })
    }

    @Test func aLongGapStreamsWithoutBufferingEveryFix() {
        var playback = Playback(configuration: Playback.Configuration(maxGap: .infinity)!)
        playback.enqueue(Self.point(0, time: 0))
        playback.enqueue(Self.point(50_000, time: 100_000))
        // The second point waits for its successor (or the end): a later point at the same
        // instant would replace it.
        #expect(playback.nextFix()?.t == 0)
        #expect(playback.nextFix() == nil)
        playback.enqueueEnd()
        var count = 0
        var last = 0.0
        while let fix = playback.nextFix() {
            #expect(fix.t == last + 1)
            last = fix.t
            count += 1
        }
        #expect(count == 100_000)
        #expect(last == 100_000)
    }

    @Test func pointsOnlySpeedAndCourseMatchTheExactGeodesic() {
        // With interval 0 short segments use the local estimate; with sampling, the exact geodesic.
        var rng = SplitMix64(seed: 21)
        var points: [PlaybackPoint] = []
        var here = Coordinate(latitude: 69.5, longitude: 179.99)
        for index in 0..<300 {
            points.append(PlaybackPoint(coordinate: here, time: Double(index) * 10))
            let metres = 1 + rng.nextUnit() * 1_999
            here = wgs84.direct(from: here, azimuth: rng.nextUnit() * 360, distance: metres).coordinate
            if index == 150 { here = Coordinate(latitude: -35, longitude: 18.4) }
        }
        let estimated = Self.play(points, interval: 0)
        let exact = Self.play(points, interval: 10)
        #expect(estimated.count == exact.count)
        for (a, b) in zip(estimated, exact) {
            #expect(a.t == b.t)
            #expect(abs((a.speed ?? 0) - (b.speed ?? 0)) <= 1e-6 * (b.speed ?? 0) + 1e-9)
            let turn = abs(((a.course ?? 0) - (b.course ?? 0) + 540).truncatingRemainder(dividingBy: 360) - 180)
            #expect(turn < 1e-3)
        }
    }

    @Test func pointsOnlyFixesMeasureTheirSegmentOnlyWhenAsked() throws {
        // Interval 0: a short segment travels with the fix and is measured when its speed or
        // course is read, to exactly the values of the local estimate.
        var rng = SplitMix64(seed: 5)
        var points: [PlaybackPoint] = []
        var here = Coordinate(latitude: 47.6, longitude: -122.3)
        for index in 0..<200 {
            points.append(PlaybackPoint(coordinate: here, time: Double(index) * 3))
            let metres = index % 50 == 7 ? 0 : 1 + rng.nextUnit() * 2_500
            here = wgs84.direct(from: here, azimuth: rng.nextUnit() * 360, distance: metres).coordinate
        }
        let fixes = Self.play(points, interval: 0)
        try #require(fixes.count == points.count)
        let radius = wgs84.equatorialRadius
        let e2 = wgs84.flattening * (2 - wgs84.flattening)
        var lazy = 0
        for (index, fix) in fixes.enumerated() {
            let (from, to) = index == 0 ? (points[0], points[1]) : (points[index - 1], points[index])
            guard case .segment = fix.motion else { continue }
            lazy += 1
            let estimate = try #require(
                LocalSegment.estimate(from: from.coordinate, to: to.coordinate, equatorialRadius: radius, e2: e2))
            #expect(fix.speed == estimate.distance / (to.time! - from.time!))
            let azimuth = index == 0 ? estimate.initialAzimuth : estimate.finalAzimuth
            #expect(fix.course == (estimate.distance > 0 ? RawFix.course(azimuth) : nil))
        }
        #expect(lazy > 100, "most segments are short enough to be measured lazily")
        #expect(fixes.contains { if case .known = $0.motion { true } else { false } }, "long ones are measured at once")
    }

    @Test func rejectsBadConfigurations() {
        #expect(Playback.Configuration(interval: -1) == nil)
        #expect(Playback.Configuration(speed: 0) == nil)
        #expect(Playback.Configuration(interval: .nan) == nil)
        #expect(Playback.Configuration.default.interval == 1)
        #expect(Playback.Configuration.default.speed == 20)
    }
}
