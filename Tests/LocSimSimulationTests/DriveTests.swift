import LocSimLocationCore
import Testing

@testable import LocSimSimulation

/// The one drive: steps in virtual-time order, laps, the fix limit, a failing source.
@Suite struct DriveTests {
    /// Three timed points 10 s apart, about 1.1 km apart along a meridian.
    static let points = [0.0, 10, 20].map { time in
        PlaybackPoint(coordinate: Coordinate(latitude: 30 + time * 0.001, longitude: -90), time: 1_700_000_000 + time)
    }

    static let noNoise = LocationEngine.Configuration(distanceFilter: .none, noise: false)

    static func steps<P: DrivePoints>(_ drive: inout Drive<P>) throws -> [String] {
        var steps: [String] = []
        while let step = try drive.next() {
            let kind =
                switch step {
                case .start: "start"
                case .deadline: "deadline"
                case .fix: "fix"
                case .event(let event, _): event.kind.argument
                case .finish: "finish"
                }
            let locations = step.events.filter { if case .location = $0 { true } else { false } }.count
            steps.append("\(kind) \(step.t) \(locations)")
        }
        return steps
    }

    @Test func startsThenPlaysEveryFixAtItsInstantThenFinishes() throws {
        var drive = Drive(
            points: HeldPoints(Self.points), playback: Playback.Configuration(interval: 5)!,
            laps: LapSequence(count: 1, returnsToStart: false), engine: Self.noNoise)
        #expect(
            try Self.steps(&drive) == [
                "start 0.0 0", "fix 0.0 1", "fix 5.0 1", "fix 10.0 1", "fix 15.0 1", "fix 20.0 1", "finish 20.0 0",
            ])
        #expect(drive.rawFixes == 5)
        #expect(try drive.next() == nil)
    }

    @Test func aSecondLapStartsOneIntervalAfterTheFirstEnds() throws {
        var drive = Drive(
            points: HeldPoints(Self.points), playback: Playback.Configuration(interval: 10)!,
            laps: LapSequence(count: 2, returnsToStart: false), engine: Self.noNoise)
        let instants = try Self.steps(&drive).map { $0.split(separator: " ")[0...1].joined(separator: " ") }
        #expect(
            instants == [
                "start 0.0", "fix 0.0", "fix 10.0", "fix 20.0", "fix 30.0", "fix 40.0", "fix 50.0", "finish 50.0",
            ])
    }

    @Test func theDistanceFilterDeliversOnlyFixesFarEnough() throws {
        var drive = Drive(
            points: HeldPoints(Self.points), playback: Playback.Configuration(interval: 0)!,
            laps: LapSequence(count: 1, returnsToStart: false),
            engine: LocationEngine.Configuration(distanceFilter: .metres(2000), noise: false))
        // 0 km, 1.1 km (filtered), 2.2 km (delivered).
        #expect(try Self.steps(&drive) == ["start 0.0 0", "fix 0.0 1", "fix 10.0 0", "fix 20.0 1", "finish 20.0 0"])
    }

    @Test func moreFixesThanTheLimitEndTheDriveBeforeTheFixIsPlayed() throws {
        var drive = Drive(
            points: HeldPoints(Self.points), playback: Playback.Configuration(interval: 0)!,
            laps: LapSequence(count: 1, returnsToStart: false), engine: Self.noNoise, maxFixes: 2)
        var played: [Double] = []
        var limit: Int?
        do {
            while let step = try drive.next() { if case .fix(let fix, _) = step { played.append(fix.t) } }
        } catch {
            if case .tooManyFixes(let value) = error { limit = value }
        }
        #expect(limit == 2)
        #expect(played == [0, 10])
    }

    @Test func aSourceFailureStopsTheDriveWithIt() throws {
        var drive = Drive(
            points: FailingPoints(), playback: Playback.Configuration(interval: 0)!,
            laps: LapSequence(count: 1, returnsToStart: false), engine: Self.noNoise)
        var kinds: [String] = []
        var failure: FailingPoints.Unreadable?
        do {
            while let step = try drive.next() { kinds.append(step.t.description) }
        } catch {
            if case .points(let error) = error { failure = error }
        }
        #expect(failure != nil)
        // The first point's fix waits for its successor, which comes: start and the first fix play.
        #expect(kinds == ["0.0", "0.0"])
    }
}

/// Two points, then a read error.
struct FailingPoints: DrivePoints {
    typealias Failure = Unreadable
    struct Unreadable: Error, Equatable {}
    var remaining = 2
    mutating func next() throws(Unreadable) -> PlaybackPoint? {
        guard remaining > 0 else { throw Unreadable() }
        remaining -= 1
        return DriveTests.points[2 - remaining - 1]
    }
    func rewind() {}
    func measure(_ request: Playback.RunExtentRequest) -> Playback.RunExtent {
        Playback.RunExtentMeasure(request).atEnd
    }
}
