import Foundation
import LocSimDevice
import LocSimGeocoding
import LocSimLocationCore
import LocSimReplay
import LocSimSettings
import LocSimSimulation
import LocSimSupport
import Testing

@Suite struct DeviceMonitorTests {
    static let track = SeedTracks.url("houston-new-orleans-i10.gpx")
    static let houston = Coordinate(latitude: 29.77, longitude: -95.367)
    static let beaumont = Coordinate(latitude: 30.08, longitude: -94.126)

    static func events(_ monitor: DeviceMonitor) async -> [MonitorEvent] {
        var events: [MonitorEvent] = []
        for await event in monitor.events { events.append(event) }
        return events
    }

    @Test func statesAndCrossingsAreTheReplaysRegionEvents() async throws {
        let device = try SimulatedDevice(track: Self.track)
        let monitor = try device.monitor(named: "drive")
        try monitor.add(CircularCondition(center: Self.houston, radius: 2000), identifier: "home")
        try monitor.add(CircularCondition(center: Self.beaumont, radius: 5000), identifier: "beaumont")
        let events = await Self.events(monitor)

        var settings = ReplaySettings()
        settings.geocoder = .none
        settings.regions = [
            RegionSpec(id: "home", latitude: 29.77, longitude: -95.367, radius: 2000),
            RegionSpec(id: "beaumont", latitude: 30.08, longitude: -94.126, radius: 5000),
        ]
        var lines: [TranscriptLine] = []
        _ = try ReplayRunner(configuration: try settings.configuration(), geocoder: nil, client: NoHTTPClient())
            .run(gpxPath: Self.track.path) { lines.append($0) }
        let expected: [MonitorEvent] = lines.compactMap { line in
            let info = line.notification.userInfo
            guard let id = info["identifier"] else { return nil }
            switch line.notification.name.rawValue {
            case "region_state":
                return MonitorEvent(
                    identifier: id, state: info["state"] == "inside" ? .satisfied : .unsatisfied, date: line.t)
            case "region_enter": return MonitorEvent(identifier: id, state: .satisfied, date: line.t)
            case "region_exit": return MonitorEvent(identifier: id, state: .unsatisfied, date: line.t)
            default: return nil
            }
        }
        #expect(events.count >= 5)
        #expect(events.prefix(2).map(\.state) == [.satisfied, .unsatisfied])
        #expect(events == expected)
        #expect(monitor.record(for: "beaumont")?.state == .unsatisfied)
    }

    /// `--region` settings are conditions a new monitor already holds (CLMonitor's conditions
    /// persist across launches): the same events as adding them by hand.
    @Test func theSettingsRegionsAreConditionsOfEveryNewMonitor() async throws {
        let byHand = try SimulatedDevice(track: Self.track)
        let monitor = try byHand.monitor(named: "drive")
        try monitor.add(CircularCondition(center: Self.houston, radius: 2000), identifier: "home")
        try monitor.add(CircularCondition(center: Self.beaumont, radius: 5000), identifier: "beaumont")
        let expected = await Self.events(monitor)

        var settings = ReplaySettings()
        settings.regions = [
            RegionSpec(id: "home", latitude: Self.houston.latitude, longitude: Self.houston.longitude, radius: 2000),
            RegionSpec(
                id: "beaumont", latitude: Self.beaumont.latitude, longitude: Self.beaumont.longitude, radius: 5000),
        ]
        let device = try SimulatedDevice(track: Self.track, settings: settings)
        let persisted = try device.monitor(named: "drive")
        #expect(persisted.record(for: "home")?.state == .unknown)
        let events = await Self.events(persisted)
        #expect(events.count >= 5)
        #expect(events == expected)
    }

    @Test func aSecondMonitorOfTheSameNameIsAnErrorUntilTheFirstIsDropped() throws {
        let device = try SimulatedDevice(track: Self.track)
        var first: DeviceMonitor? = try device.monitor(named: "alerts")
        let error = #expect(throws: SimulatedDeviceError.self) { try device.monitor(named: "alerts") }
        #expect(error?.code == .monitorExists)
        #expect(error?.message.contains("'alerts'") == true)
        _ = try device.monitor(named: "other")
        #expect(first?.name == "alerts")
        first = nil
        #expect(try device.monitor(named: "alerts").identifiers.isEmpty)
    }

    @Test func reAddingAnIdentifierReplacesItAndItsStateIsUnknownAgain() async throws {
        let device = try SimulatedDevice(track: Self.track)
        let monitor = try device.monitor(named: "m")
        try monitor.add(CircularCondition(center: Self.houston, radius: 2000), identifier: "spot")
        #expect(monitor.record(for: "spot")?.state == .unknown)
        var iterator = monitor.events.makeAsyncIterator()
        #expect(await iterator.next() == MonitorEvent(identifier: "spot", state: .satisfied, date: 0))
        #expect(monitor.record(for: "spot")?.state == .satisfied)
        try monitor.add(CircularCondition(center: Self.beaumont, radius: 1000), identifier: "spot")
        #expect(monitor.identifiers == ["spot"])
        #expect(monitor.record(for: "spot")?.condition.center == Self.beaumont)
        #expect(monitor.record(for: "spot")?.state == .unknown)
        let next = try #require(await iterator.next())
        #expect(next.identifier == "spot")
        #expect(next.state == .unsatisfied)
        #expect(next.date > 0)
    }

    @Test func conditionsAreCheckedAndLimitedToTwenty() throws {
        let device = try SimulatedDevice(track: Self.track)
        let monitor = try device.monitor(named: "m")
        for index in 0..<DeviceMonitor.conditionLimit {
            try monitor.add(CircularCondition(center: Self.houston, radius: 100), identifier: "c\(index)")
        }
        // Replacing one is fine at the limit; a new one is not.
        try monitor.add(CircularCondition(center: Self.beaumont, radius: 100), identifier: "c0")
        let full = #expect(throws: SimulatedDeviceError.self) {
            try monitor.add(CircularCondition(center: Self.houston, radius: 100), identifier: "c20")
        }
        #expect(full?.code == .tooManyConditions)
        monitor.remove("c3")
        try monitor.add(CircularCondition(center: Self.houston, radius: 100), identifier: "c20")
        #expect(monitor.identifiers.count == 20)
        for bad in [
            CircularCondition(center: Coordinate(latitude: .nan, longitude: 0), radius: 10),
            CircularCondition(center: Self.houston, radius: 0),
            CircularCondition(center: Self.houston, radius: .infinity),
        ] {
            let error = #expect(throws: SimulatedDeviceError.self) { try monitor.add(bad, identifier: "bad") }
            #expect(error?.code == .invalidCondition)
        }
    }

    @Test func twoConsumersOfTheEventsEachGetEveryEvent() async throws {
        let device = try SimulatedDevice(track: Self.track)
        let monitor = try device.monitor(named: "m")
        try monitor.add(CircularCondition(center: Self.houston, radius: 2000), identifier: "home")
        let a = await Self.events(monitor)
        let b = await Self.events(monitor)
        #expect(a.count == 2)
        #expect(a == b)
    }
}
