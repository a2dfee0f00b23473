import Foundation
import LocSimDevice
import LocSimLocationCore
import LocSimReplay
import LocSimSettings
import Testing

@Suite struct LiveUpdatesTests {
    static let stop = SeedTracks.directory.appending(path: "Device/franklin-stop.gpx")

    static func live(
        _ url: URL, _ configuration: LocationUpdate.LiveConfiguration = .default
    ) async throws
        -> [LocationUpdate]
    {
        let device = try SimulatedDevice(track: url)
        var updates: [LocationUpdate] = []
        for await update in device.liveUpdates(configuration) { updates.append(update) }
        return updates
    }

    /// On every repository track, every instant the filtered stream delivers is a live update too,
    /// and the live stream has updates between filtered ones (a raw fix each second).
    @Test(arguments: SeedTracks.all)
    func theLiveStreamHasAnUpdateWhereverTheFilteredOneHas(track: String) async throws {
        let device = try SimulatedDevice(track: SeedTracks.url(track))
        var filtered: [Double] = []
        for await update in device.locationManagerUpdates { filtered.append(try #require(update.location).timestamp) }
        let live = try await Self.live(SeedTracks.url(track)).map { try #require($0.location).timestamp }
        #expect(!filtered.isEmpty)
        #expect(Set(filtered).isSubset(of: Set(live)))
        for (a, b) in zip(filtered, filtered.dropFirst()) {
            #expect(live.contains { $0 > a && $0 < b }, "no live update between \(a) and \(b)")
        }
    }

    @Test func betweenTwoFilteredUpdatesTheLiveStreamHasOnePerSecond() async throws {
        // franklin-la: 219 s of driving, fixes every second; the 3 km filter delivers the first only.
        let device = try SimulatedDevice(track: SeedTracks.url("franklin-la.gpx"))
        var filtered = 0
        for await _ in device.locationManagerUpdates { filtered += 1 }
        let live = try await Self.live(SeedTracks.url("franklin-la.gpx"))
        #expect(filtered == 1)
        #expect(live.count == 220)
        #expect(live.allSatisfy { !$0.isStationary && $0.location != nil })
        // Best accuracy, not the filtered stream's kilometre.
        #expect(live.allSatisfy { ($0.location?.horizontalAccuracy ?? .infinity) <= 10 })
    }

    /// franklin-stop parks from t = 219 to 519 (fixes at 220…519 have speed 0) and moves on at 520.
    @Test(arguments: [
        (LocationUpdate.LiveConfiguration.default, 280.0), (.fitness, 250), (.otherNavigation, 340),
        (.automotiveNavigation, 400),
    ])
    func aParkedStretchGivesOneStationaryUpdateThenAPause(
        configuration: LocationUpdate.LiveConfiguration, stationaryAt: Double
    ) async throws {
        let updates = try await Self.live(Self.stop, configuration)
        let times = updates.map { $0.location!.timestamp }
        let stationary = updates.filter(\.isStationary).map { $0.location!.timestamp }
        #expect(stationary == [stationaryAt])
        let index = try #require(times.firstIndex(of: stationaryAt))
        #expect(times[index + 1] == 520, "paused until the device moves again")
        #expect(times[..<index] == ArraySlice((0..<Int(stationaryAt)).map(Double.init)))
        #expect(times.last == 599)
    }

    @Test func stillForLessThanTheConfigurationsTimeIsNoPause() async throws {
        // 299 s of rest is short of airborne's and maritime's 300 s.
        for configuration in [LocationUpdate.LiveConfiguration.airborne, .maritime] {
            let updates = try await Self.live(Self.stop, configuration)
            #expect(updates.count == 600, "\(configuration)")
            #expect(updates.allSatisfy { !$0.isStationary })
        }
    }

    @Test func twoConsumersWithDifferentConfigurationsEachGetTheirOwnRule() async throws {
        let device = try SimulatedDevice(track: Self.stop)
        var fitness = device.liveUpdates(.fitness).makeAsyncIterator()
        var standard = device.liveUpdates().makeAsyncIterator()
        var a: [LocationUpdate] = []
        var b: [LocationUpdate] = []
        // Interleaved: one fitness update for each default one, then both to the end.
        while let update = await standard.next() {
            b.append(update)
            if let other = await fitness.next() { a.append(other) }
        }
        while let update = await fitness.next() { a.append(update) }
        #expect(a == (try await Self.live(Self.stop, .fitness)))
        #expect(b == (try await Self.live(Self.stop)))
        #expect(a.filter(\.isStationary).map { $0.location!.timestamp } == [250])
        #expect(b.filter(\.isStationary).map { $0.location!.timestamp } == [280])
    }

    @Test func withoutAuthorizationTheLiveStreamHasOneDiagnostic() async throws {
        var settings = ReplaySettings()
        settings.authorization = .denied
        let device = try SimulatedDevice(track: Self.stop, settings: settings)
        var updates: [LocationUpdate] = []
        for await update in device.liveUpdates(.automotiveNavigation) { updates.append(update) }
        #expect(updates == [LocationUpdate(location: nil, authorizationDenied: true)])
    }

    @Test func theConfigurationsAreApplesSix() {
        #expect(
            LocationUpdate.LiveConfiguration.all.map(\.name) == [
                "default", "automotiveNavigation", "otherNavigation", "fitness", "airborne", "maritime",
            ])
    }
}
