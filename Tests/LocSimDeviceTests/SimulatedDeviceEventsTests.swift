import Foundation
import LocSimDevice
import LocSimGeocoding
import LocSimLocationCore
import LocSimReplay
import LocSimSettings
import LocSimSimulation
import LocSimSupport
import Testing

/// ``ReplaySettings/events`` on a ``SimulatedDevice``: the same events at the same instants as
/// `locsim replay --event`, in its updates, its live stream and its transcript.
@Suite struct SimulatedDeviceEventsTests {
    static let track = SeedTracks.url("houston-new-orleans-i10.gpx")

    static func settings() -> ReplaySettings {
        var settings = locationOnlySettings()
        settings.authorization = .authorizedWhenInUse
        settings.events = [
            DriveEvent(t: 600, kind: .background), DriveEvent(t: 1200, kind: .foreground),
            DriveEvent(t: 3000, kind: .authorizationChanged(.denied)),
        ]
        return settings
    }

    @Test func locationManagerUpdatesStopInTheBackgroundAndEndWithTheDenial() async throws {
        let device = try SimulatedDevice(track: Self.track, settings: Self.settings())
        var updates: [LocationUpdate] = []
        for await update in device.locationManagerUpdates { updates.append(update) }
        let times = updates.compactMap(\.location?.timestamp)
        #expect(times.contains { $0 < 600 })
        #expect(times.contains { $0 >= 1200 && $0 < 3000 })
        #expect(!times.contains { $0 >= 600 && $0 < 1200 })
        #expect(!times.contains { $0 >= 3000 })
        let last = try #require(updates.last)
        #expect(last.location == nil && last.authorizationDenied && !last.authorizationDeniedGlobally)
    }

    @Test func theTranscriptIsTheReplaysForTheSameEvents() async throws {
        var settings = Self.settings()
        settings.events.append(DriveEvent(t: 2000, kind: .preciseLocation(on: false)))
        let device = try SimulatedDevice(track: Self.track, settings: settings)
        for await _ in device.locationManagerUpdates {}
        var replaySettings = settings
        replaySettings.geocoder = .none
        let runner = ReplayRunner(
            configuration: try replaySettings.configuration(), geocoder: nil, client: NoHTTPClient())
        var lines: [TranscriptLine] = []
        _ = try runner.run(gpxPath: Self.track.path) { lines.append($0) }
        let names: [NotificationName] = [.authorization, .location, .locationError, .applicationState]
        let expected = lines.filter { names.contains($0.notification.name) }.map(\.text)
        #expect(device.transcript.filter { names.contains($0.notification.name) }.map(\.text) == expected)
        #expect(expected.contains(#"{"event":"application_state","state":"background","t":600.000}"#))
        #expect(
            expected.contains(
                #"{"accuracyAuthorization":"reducedAccuracy","event":"authorization","name":"authorizedWhenInUse","status":4,"t":2000.000}"#
            ))
    }

    @Test func liveUpdatesReportInsufficientlyInUseInTheBackgroundAndAccuracyLimitedWithoutPreciseLocation()
        async throws
    {
        var settings = Self.settings()
        settings.events = [
            DriveEvent(t: 600, kind: .background), DriveEvent(t: 1200, kind: .foreground),
            DriveEvent(t: 1500, kind: .preciseLocation(on: false)),
            DriveEvent(t: 1800, kind: .locationServices(enabled: false)),
        ]
        let device = try SimulatedDevice(track: Self.track, settings: settings)
        var updates: [LocationUpdate] = []
        for await update in device.liveUpdates() { updates.append(update) }
        let inUse = try #require(updates.firstIndex { $0.insufficientlyInUse })
        #expect(updates[inUse - 1].location.map { $0.timestamp < 600 } == true)
        #expect(updates[inUse + 1].location.map { $0.timestamp >= 1200 } == true)
        let located = updates.compactMap { update in update.location.map { ($0.timestamp, update.accuracyLimited) } }
        #expect(located.allSatisfy { $0.1 == ($0.0 >= 1500) })
        #expect(located.contains { $0.0 >= 1500 })
        let last = try #require(updates.last)
        #expect(last.authorizationDenied && last.authorizationDeniedGlobally)
    }

    @Test func anEventAfterTheEndOfTheDriveIsRefused() throws {
        var settings = locationOnlySettings()
        settings.events = [DriveEvent(t: 1e7, kind: .background)]
        #expect {
            try SimulatedDevice(track: Self.track, settings: settings)
        } throws: { error in
            let error = try #require(error as? SimulatedDeviceError)
            return error.code == .invalidSettings
                && error.message.hasPrefix(
                    "error: the event 10000000=background (events) is after the end of the drive")
        }
    }
}
