import Foundation
import LocSimDevice
import LocSimLocationCore
import LocSimReplay
import LocSimSettings
import Testing

/// `device.serviceSession(authorization:fullAccuracyPurposeKey:)`: CLServiceSession's diagnostics
/// on the virtual clock, and what a held session does to a when-in-use app in the background.
@Suite struct ServiceSessionTests {
    /// Franklin, LA: 219 s of driving, a fix a second, never still.
    static let track = SeedTracks.url("franklin-la.gpx")
    /// The app goes to the background at 60 s and comes back at 120 s.
    static let backgroundMinute = [DriveEvent(t: 60, kind: .background), DriveEvent(t: 120, kind: .foreground)]

    static func device(
        _ authorization: AuthorizationStatus = .authorizedWhenInUse, events: [DriveEvent] = backgroundMinute
    ) throws -> SimulatedDevice {
        var settings = ReplaySettings()
        settings.authorization = authorization
        settings.events = events
        return try SimulatedDevice(track: track, settings: settings)
    }

    static func all<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] {
        var elements: [S.Element] = []
        for try await element in sequence { elements.append(element) }
        return elements
    }

    /// The updates' fix instants.
    static func times(_ updates: [LocationUpdate]) -> [Double] { updates.compactMap { $0.location?.timestamp } }

    /// The instants in [`from`, `to`).
    static func between(_ times: [Double], _ from: Double, _ to: Double) -> [Double] {
        times.filter { $0 >= from && $0 < to }
    }

    /// Every diagnostic of `session` by the device's `now` when it was handed out (read it before
    /// anything moves `now` past the first).
    static func timeline(
        _ session: ServiceSession, on device: SimulatedDevice
    ) async -> [Double: ServiceSession.Diagnostic] {
        var timeline: [Double: ServiceSession.Diagnostic] = [:]
        for await diagnostic in session.diagnostics { timeline[device.now] = diagnostic }
        return timeline
    }

    @Test func aWhenInUseAppInTheBackgroundWithoutASessionGetsNoFixes() async throws {
        let device = try Self.device()
        let updates = try await Self.all(device.liveUpdates())
        let times = Self.times(updates)
        #expect(Self.between(times, 60, 120).isEmpty)
        #expect(times.contains(59) && times.contains(120) && times.last == 219)
        let stop = try #require(updates.firstIndex { $0.location == nil })
        #expect(updates[stop] == LocationUpdate(location: nil, insufficientlyInUse: true, serviceSessionRequired: true))
        #expect(updates[stop - 1].location?.timestamp == 59 && updates[stop + 1].location?.timestamp == 120)
        #expect(updates.filter { $0.location == nil }.count == 1)
        let manager = try await Self.all(device.locationManagerUpdates)
        #expect(manager.allSatisfy { $0.location != nil })
    }

    @Test func withASessionFixesContinueInTheBackground() async throws {
        let device = try Self.device()
        let session = device.serviceSession(authorization: .whenInUse)
        let live = try await Self.all(device.liveUpdates())
        let manager = try await Self.all(device.locationManagerUpdates)
        // Exactly what the app gets when it never leaves the foreground.
        let foreground = try Self.device(events: [])
        #expect(live == (try await Self.all(foreground.liveUpdates())))
        #expect(manager == (try await Self.all(foreground.locationManagerUpdates)))
        #expect(Self.between(Self.times(live), 60, 120).count == 60)
        session.invalidate()
    }

    @Test func invalidatingInTheBackgroundStopsTheFixesUntilTheForeground() async throws {
        let device = try Self.device()
        let session = device.serviceSession(authorization: .always)
        var updates: [LocationUpdate] = []
        for await update in device.liveUpdates() {
            updates.append(update)
            if update.location?.timestamp == 90 {
                session.invalidate()
                session.invalidate()  // harmless
            }
        }
        let times = Self.times(updates)
        #expect(times.contains(89) && times.contains(90) && !times.contains(91) && times.contains(120))
        let stop = try #require(updates.firstIndex { $0.location == nil })
        #expect(updates[stop - 1].location?.timestamp == 90 && updates[stop + 1].location?.timestamp == 120)
        #expect(updates[stop] == LocationUpdate(location: nil, insufficientlyInUse: true, serviceSessionRequired: true))
    }

    @Test func aNoneSessionDoesNotKeepTheAppInUse() async throws {
        let device = try Self.device()
        let session = device.serviceSession(authorization: .none)
        #expect(
            await Self.timeline(session, on: device) == [
                0: ServiceSession.Diagnostic(),
                60: ServiceSession.Diagnostic(insufficientlyInUse: true, serviceSessionRequired: true),
                120: ServiceSession.Diagnostic(),
            ])
        let times = Self.times(try await Self.all(device.liveUpdates()))
        #expect(Self.between(times, 60, 120).isEmpty)
    }

    /// Each flag, from the state that sets it (a diagnostic on creation, then one per change).
    @Test(arguments: [
        (
            AuthorizationStatus.authorizedAlways, [DriveEvent](), ServiceSession.AuthorizationRequirement.always, false,
            [0: ServiceSession.Diagnostic()]
        ),
        (.denied, [], .whenInUse, false, [0: ServiceSession.Diagnostic(authorizationDenied: true)]),
        (
            .restricted, [], .whenInUse, false,
            [0: ServiceSession.Diagnostic(authorizationDenied: true, authorizationRestricted: true)]
        ),
        (.notDetermined, [], .none, false, [0: ServiceSession.Diagnostic(authorizationRequestInProgress: true)]),
        (.authorizedWhenInUse, [], .always, false, [0: ServiceSession.Diagnostic(alwaysAuthorizationDenied: true)]),
        (
            .authorizedAlways, [DriveEvent(t: 10, kind: .preciseLocation(on: false))], .none, true,
            [0: ServiceSession.Diagnostic(), 10: ServiceSession.Diagnostic(fullAccuracyDenied: true)]
        ),
        (
            .authorizedAlways, [DriveEvent(t: 10, kind: .preciseLocation(on: false))], .always, false,
            [0: ServiceSession.Diagnostic()]
        ),
        (
            .authorizedAlways,
            [
                DriveEvent(t: 10, kind: .locationServices(enabled: false)),
                DriveEvent(t: 20, kind: .locationServices(enabled: true)),
            ],
            .always, false,
            [
                0: ServiceSession.Diagnostic(),
                10: ServiceSession.Diagnostic(authorizationDenied: true, authorizationDeniedGlobally: true),
                20: ServiceSession.Diagnostic(),
            ]
        ),
        (
            .authorizedAlways, [DriveEvent(t: 30, kind: .authorizationChanged(.authorizedWhenInUse))], .always, false,
            [0: ServiceSession.Diagnostic(), 30: ServiceSession.Diagnostic(alwaysAuthorizationDenied: true)]
        ),
        (.authorizedAlways, backgroundMinute, .none, false, [0: ServiceSession.Diagnostic()]),
    ])
    func eachFlagFromTheStateThatSetsIt(
        authorization: AuthorizationStatus, events: [DriveEvent], requirement: ServiceSession.AuthorizationRequirement,
        purposeKey: Bool, expected: [Double: ServiceSession.Diagnostic]
    ) async throws {
        let device = try Self.device(authorization, events: events)
        let session = device.serviceSession(
            authorization: requirement, fullAccuracyPurposeKey: purposeKey ? "WeatherAlerts" : nil)
        #expect(session.authorization == requirement)
        #expect(await Self.timeline(session, on: device) == expected)
    }

    @Test func aSessionMadeInTheBackgroundKeepsTheAppInUseOnlyAfterTheForeground() async throws {
        let events = Self.backgroundMinute + [DriveEvent(t: 150, kind: .background)]
        let device = try Self.device(events: events)
        try await Task.sleep(for: .seconds(90), clock: device.clock)
        let session = device.serviceSession(authorization: .whenInUse)
        #expect(
            await Self.timeline(session, on: device) == [
                90: ServiceSession.Diagnostic(insufficientlyInUse: true), 120: ServiceSession.Diagnostic(),
            ])
        let times = Self.times(try await Self.all(device.liveUpdates()))
        #expect(Self.between(times, 60, 120).isEmpty)
        #expect(Self.between(times, 150, 220).count == 70)
    }

    @Test func invalidatingTheOnlyInUseSessionShowsInTheOthers() async throws {
        let device = try Self.device(events: [DriveEvent(t: 60, kind: .background)])
        let observer = device.serviceSession(authorization: .none)
        var feature: ServiceSession? = device.serviceSession(authorization: .whenInUse)
        try await Task.sleep(for: .seconds(100), clock: device.clock)
        #expect(feature != nil)
        feature = nil  // dropping a session invalidates it
        #expect(
            try await Self.all(observer.diagnostics) == [
                ServiceSession.Diagnostic(),
                ServiceSession.Diagnostic(insufficientlyInUse: true, serviceSessionRequired: true),
            ])
        #expect(device.now == 100)
    }

    @Test func theDiagnosticsEndOnInvalidateAndAtTheDriveEnd() async throws {
        let device = try Self.device(.authorizedAlways, events: [])
        let ended = device.serviceSession(authorization: .always)
        ended.invalidate()
        ended.invalidate()
        var iterator = ended.diagnostics.makeAsyncIterator()
        #expect(await iterator.next() == ServiceSession.Diagnostic())
        #expect(await iterator.next() == nil)
        #expect(await iterator.next() == nil)
        #expect(device.now == 0)

        let held = device.serviceSession(authorization: .always)
        #expect(try await Self.all(held.diagnostics) == [ServiceSession.Diagnostic()])
        #expect(try await Self.all(held.diagnostics) == [ServiceSession.Diagnostic()])
        let afterTheEnd = device.serviceSession(authorization: .whenInUse)
        #expect(try await Self.all(afterTheEnd.diagnostics) == [ServiceSession.Diagnostic()])
    }

    @Test func eachIteratorGetsEveryDiagnostic() async throws {
        let device = try Self.device()
        let session = device.serviceSession(authorization: .none)
        var first = session.diagnostics.makeAsyncIterator()
        #expect(await first.next() == ServiceSession.Diagnostic())
        #expect(
            await first.next() == ServiceSession.Diagnostic(insufficientlyInUse: true, serviceSessionRequired: true))
        #expect(device.now == 60)
        #expect(try await Self.all(session.diagnostics).count == 3)
        #expect(await first.next() == ServiceSession.Diagnostic())
    }

    /// The types carry exactly Apple's flags (iOS 18): CLServiceSession.Diagnostic's eight, and
    /// CLLocationUpdate's nine (`isStationary` is iOS 17's name of `stationary`).
    @Test func theFlagSetsAreApples() {
        let diagnostic = Mirror(reflecting: ServiceSession.Diagnostic()).children.compactMap(\.label)
        #expect(
            diagnostic.sorted() == [
                "alwaysAuthorizationDenied", "authorizationDenied", "authorizationDeniedGlobally",
                "authorizationRequestInProgress", "authorizationRestricted", "fullAccuracyDenied",
                "insufficientlyInUse", "serviceSessionRequired",
            ])
        let update = Mirror(reflecting: LocationUpdate(location: nil)).children.compactMap { child in
            child.value is Bool ? child.label : nil
        }
        #expect(
            update.map { $0 == "isStationary" ? "stationary" : $0 }.sorted() == [
                "accuracyLimited", "authorizationDenied", "authorizationDeniedGlobally",
                "authorizationRequestInProgress", "authorizationRestricted", "insufficientlyInUse",
                "locationUnavailable", "serviceSessionRequired", "stationary",
            ])
        #expect(LocationUpdate(location: nil, isStationary: true).stationary)
    }
}
