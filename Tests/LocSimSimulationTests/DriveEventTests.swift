import LocSimLocationCore
import Testing

@testable import LocSimSimulation

/// Scripted events in the one drive: their place among the fixes, what they do to deliveries,
/// and an event after the end.
@Suite struct DriveEventTests {
    static func drive(
        _ events: [DriveEvent], filter: DistanceFilter = .none, authorization: AuthorizationStatus = .authorizedAlways
    ) -> Drive<HeldPoints> {
        Drive(
            points: HeldPoints(DriveTests.points), playback: Playback.Configuration(interval: 5)!,
            laps: LapSequence(count: 1, returnsToStart: false),
            engine: LocationEngine.Configuration(distanceFilter: filter, authorization: authorization, noise: false),
            events: events)
    }

    @Test func anEventComesAfterTheStartAndBeforeAFixAtItsInstantAndEventsKeepTheirOrder() throws {
        var drive = Self.drive([
            DriveEvent(t: 12, kind: .foreground), DriveEvent(t: 5, kind: .background),
            DriveEvent(t: 0, kind: .preciseLocation(on: false)), DriveEvent(t: 5, kind: .foreground),
        ])
        #expect(
            try DriveTests.steps(&drive) == [
                "start 0.0 0", "precise-location-off 0.0 0", "fix 0.0 1", "background 5.0 0", "foreground 5.0 0",
                "fix 5.0 1", "fix 10.0 1", "foreground 12.0 0", "fix 15.0 1", "fix 20.0 1",
                "finish 20.0 0",
            ])
    }

    @Test func aDenialStopsDeliveriesAndAGrantResumesThemWithTheNextFix() throws {
        // 2000 m filter: the fix at 10 s (1.1 km on) is delivered only because it is the first
        // after the grant.
        var drive = Self.drive(
            [
                DriveEvent(t: 2, kind: .authorizationChanged(.denied)),
                DriveEvent(t: 7, kind: .authorizationChanged(.authorizedWhenInUse)),
            ],
            filter: .metres(2000))
        var steps: [DriveStep] = []
        while let step = try drive.next() { steps.append(step) }
        let denial = try #require(steps.first { $0.t == 2 })
        #expect(
            denial.events == [
                .authorization(.denied), .error(code: EngineEvent.deniedCode, message: EngineEvent.deniedMessage),
            ])
        let delivered = steps.filter { step in step.events.contains { if case .location = $0 { true } else { false } } }
        #expect(delivered.map(\.t) == [0, 10])
        #expect(drive.engineState.authorizationStatus == .authorizedWhenInUse)
    }

    @Test func whenInUseDeliversNothingInTheBackgroundButAlwaysDoes() throws {
        let events = [DriveEvent(t: 3, kind: .background), DriveEvent(t: 13, kind: .foreground)]
        for (authorization, expected) in [
            (AuthorizationStatus.authorizedWhenInUse, [0.0, 15, 20]), (.authorizedAlways, [0.0, 5, 10, 15, 20]),
        ] {
            var drive = Self.drive(events, authorization: authorization)
            var delivered: [Double] = []
            while let step = try drive.next() {
                if step.events.contains(where: { if case .location = $0 { true } else { false } }) {
                    delivered.append(step.t)
                }
            }
            #expect(delivered == expected, "\(authorization)")
        }
    }

    @Test func peekInstantIsTheNextStepsInstantAndPlaysNothing() throws {
        let events = [DriveEvent(t: 3, kind: .background), DriveEvent(t: 3, kind: .foreground)]
        var drive = Self.drive(events, authorization: .authorizedWhenInUse)
        var instants: [Double] = []
        while let t = try drive.peekInstant() {
            #expect(try drive.peekInstant() == t)
            let state = drive.engineState.applicationState
            let step = try #require(try drive.next())
            #expect(step.t == t)
            if case .event = step {} else { #expect(drive.engineState.applicationState == state) }
            instants.append(t)
        }
        #expect(instants == [0, 0, 3, 3, 5, 10, 15, 20, 20])
        #expect(try drive.next() == nil)
    }

    @Test func aHeldServiceSessionKeepsAWhenInUseAppDeliveringInTheBackground() throws {
        var drive = Self.drive([DriveEvent(t: 3, kind: .background)], authorization: .authorizedWhenInUse)
        var delivered: [Double] = []
        while let step = try drive.next() {
            if step.t == 5 { drive.holdServiceSession(true) }
            if step.t == 15 { drive.holdServiceSession(false) }
            if step.events.contains(where: { if case .location = $0 { true } else { false } }) {
                delivered.append(step.t)
            }
        }
        #expect(delivered == [0, 10, 15])
    }

    @Test func anEventAtTheLastFixHappensAndOneAfterItEndsTheDrive() throws {
        var atEnd = Self.drive([DriveEvent(t: 20, kind: .background)])
        #expect(try DriveTests.steps(&atEnd).suffix(3) == ["background 20.0 0", "fix 20.0 1", "finish 20.0 0"])

        var late = Self.drive([DriveEvent(t: 20.5, kind: .authorizationChanged(.denied))])
        var failure: (DriveEvent, Double)?
        do {
            while try late.next() != nil {}
        } catch {
            if case .eventAfterEnd(let event, let end) = error { failure = (event, end) }
        }
        #expect(failure?.0 == DriveEvent(t: 20.5, kind: .authorizationChanged(.denied)))
        #expect(failure?.1 == 20)
    }
}
