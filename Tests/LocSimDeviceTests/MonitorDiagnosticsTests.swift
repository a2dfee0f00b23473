import Foundation
import LocSimDevice
import LocSimLocationCore
import LocSimSettings
import LocSimSimulation
import Testing

/// `CLMonitor.Event`'s diagnostics on a ``SimulatedDevice``'s monitor: a change of the app's
/// authorization or state during the drive (``ReplaySettings/events``, a service session) posts
/// an event with each known condition's state and the flags; later events carry them.
@Suite struct MonitorDiagnosticsTests {
    static let track = SeedTracks.url("houston-new-orleans-i10.gpx")
    /// A circle the drive starts in and leaves at t = 2239 s (past Baytown).
    static let corridor = CircularCondition(center: Coordinate(latitude: 29.8, longitude: -95.1), radius: 40_000)

    static func flagsClear(_ event: MonitorEvent) -> Bool {
        !(event.accuracyLimited || event.authorizationDenied || event.authorizationDeniedGlobally
            || event.authorizationRequestInProgress || event.authorizationRestricted || event.insufficientlyInUse
            || event.serviceSessionRequired)
    }

    static func events(
        _ events: [DriveEvent], authorization: AuthorizationStatus = .authorizedWhenInUse
    )
        async throws -> (events: [MonitorEvent], device: SimulatedDevice)
    {
        var settings = locationOnlySettings()
        settings.authorization = authorization
        settings.events = events
        let device = try SimulatedDevice(track: track, settings: settings)
        let monitor = try device.monitor(named: "drive")
        try monitor.add(corridor, identifier: "corridor")
        var posted: [MonitorEvent] = []
        for await event in monitor.events { posted.append(event) }
        return (posted, device)
    }

    @Test func aBackgroundMoveAndADenialArePostedOnTheConditionsWithTheirFlags() async throws {
        let (events, device) = try await Self.events([
            DriveEvent(t: 300, kind: .background), DriveEvent(t: 600, kind: .foreground),
            DriveEvent(t: 900, kind: .preciseLocation(on: false)),
            DriveEvent(t: 1200, kind: .authorizationChanged(.denied)),
        ])
        #expect(events.map(\.date) == [0, 300, 600, 900, 1200])
        #expect(events.allSatisfy { $0.identifier == "corridor" && $0.state == .satisfied })
        #expect(events.map(\.insufficientlyInUse) == [false, true, false, false, false])
        #expect(events.map(\.serviceSessionRequired) == [false, true, false, false, false])
        #expect(events.map(\.accuracyLimited) == [false, false, false, true, true])
        #expect(events.map(\.authorizationDenied) == [false, false, false, false, true])
        #expect(!events.contains { $0.authorizationDeniedGlobally || $0.authorizationRestricted })
        let lines = device.transcript.filter { $0.notification.name == "monitor_event" }
        #expect(lines.map(\.t) == [0, 300, 600, 900, 1200])
        #expect(lines[1].notification.userInfo["insufficientlyInUse"] == "true")
        #expect(lines[1].notification.userInfo["serviceSessionRequired"] == "true")
        #expect(lines[2].notification.userInfo["insufficientlyInUse"] == nil)
        #expect(lines[4].notification.userInfo["authorizationDenied"] == "true")
        #expect(lines[4].notification.userInfo["accuracyLimited"] == "true")
    }

    @Test func servicesOffAndRestrictedHaveTheirOwnFlags() async throws {
        let (events, _) = try await Self.events(
            [
                DriveEvent(t: 300, kind: .locationServices(enabled: false)),
                DriveEvent(t: 600, kind: .locationServices(enabled: true)),
                DriveEvent(t: 900, kind: .authorizationChanged(.restricted)),
            ], authorization: .authorizedAlways)
        #expect(events.map(\.date) == [0, 300, 600, 900])
        #expect(events.map(\.authorizationDeniedGlobally) == [false, true, false, false])
        #expect(events.map(\.authorizationDenied) == [false, true, false, true])
        #expect(events.map(\.authorizationRestricted) == [false, false, false, true])
    }

    @Test func aChangeThatLeavesTheFlagsAsTheyWerePostsNothing() async throws {
        // An always-authorized app in the background still gets its locations: no flag changes.
        let (events, _) = try await Self.events(
            [DriveEvent(t: 300, kind: .background), DriveEvent(t: 600, kind: .foreground)],
            authorization: .authorizedAlways)
        #expect(events.map(\.date) == [0, 2239])
        #expect(events.map(\.state) == [.satisfied, .unsatisfied])
        #expect(!events.contains { !MonitorDiagnosticsTests.flagsClear($0) })
    }
}
