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
        let record = try #require(monitor.record(for: "beaumont"))
        #expect(record.condition == CircularCondition(center: Self.beaumont, radius: 5000))
        #expect(record.lastEvent == events.last { $0.identifier == "beaumont" })
        #expect(record.lastEvent.state == .unsatisfied)
        // A circle has no refinement; nothing here is past the limit.
        #expect(events.allSatisfy { $0.refinement == nil && !$0.conditionLimitExceeded })
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
        #expect(persisted.record(for: "home")?.lastEvent.state == .unknown)
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
        #expect(monitor.record(for: "spot")?.lastEvent == MonitorEvent(identifier: "spot", state: .unknown, date: 0))
        var iterator = monitor.events.makeAsyncIterator()
        #expect(await iterator.next() == MonitorEvent(identifier: "spot", state: .satisfied, date: 0))
        #expect(monitor.record(for: "spot")?.lastEvent.state == .satisfied)
        try monitor.add(CircularCondition(center: Self.beaumont, radius: 1000), identifier: "spot")
        #expect(monitor.identifiers == ["spot"])
        #expect(monitor.record(for: "spot")?.condition.center == Self.beaumont)
        #expect(monitor.record(for: "spot")?.lastEvent.state == .unknown)
        let next = try #require(await iterator.next())
        #expect(next.identifier == "spot")
        #expect(next.state == .unsatisfied)
        #expect(next.date > 0)
    }

    /// Apple keeps a condition past the limit and reports `conditionLimitExceeded` on its event;
    /// removing a served one serves the earliest waiting one from the next fix.
    @Test func conditionsPastTheLimitAreKeptAndNotServed() async throws {
        let device = try SimulatedDevice(track: Self.track)
        let monitor = try device.monitor(named: "m")
        for index in 0..<DeviceMonitor.conditionLimit {
            try monitor.add(CircularCondition(center: Self.houston, radius: 2000), identifier: "c\(index)")
        }
        try monitor.add(CircularCondition(center: Self.houston, radius: 2000), identifier: "c20")
        try monitor.add(CircularCondition(center: Self.houston, radius: 2000), identifier: "c21")
        #expect(monitor.identifiers.count == 22)

        var iterator = monitor.events.makeAsyncIterator()
        var first: [MonitorEvent] = []
        for _ in 0..<22 { first.append(try #require(await iterator.next())) }
        let limited = first.filter(\.conditionLimitExceeded)
        #expect(limited.map(\.identifier) == ["c20", "c21"])
        #expect(limited.allSatisfy { $0.state == .unknown && $0.date == 0 })
        #expect(first.filter { !$0.conditionLimitExceeded }.map(\.state) == Array(repeating: .satisfied, count: 20))
        #expect(monitor.record(for: "c21")?.lastEvent == limited[1])
        let lines = device.transcript.filter { $0.notification.userInfo["conditionLimitExceeded"] == "true" }
        #expect(lines.map { $0.notification.userInfo["identifier"] } == ["c20", "c21"])

        monitor.remove("c3")
        let served = try #require(await iterator.next())
        #expect(served.identifier == "c20")
        #expect(served.state == .satisfied)
        #expect(!served.conditionLimitExceeded)
        #expect(served.date > 0)
        var rest: [MonitorEvent] = []
        while let event = await iterator.next() { rest.append(event) }
        #expect(rest.contains { $0.identifier == "c20" && $0.state == .unsatisfied })
        #expect(!rest.contains { $0.identifier == "c21" })
        #expect(monitor.record(for: "c21")?.lastEvent.conditionLimitExceeded == true)
    }

    @Test func badConditionsAreRefusedAsAppleInitializerRefusesThem() throws {
        let device = try SimulatedDevice(track: Self.track)
        let monitor = try device.monitor(named: "m")
        for bad in [
            CircularCondition(center: Coordinate(latitude: .nan, longitude: 0), radius: 10),
            CircularCondition(center: Coordinate(latitude: 91, longitude: 0), radius: 10),
            CircularCondition(center: Self.houston, radius: 0),
            CircularCondition(center: Self.houston, radius: .infinity),
        ] {
            let error = #expect(throws: SimulatedDeviceError.self) { try monitor.add(bad, identifier: "bad") }
            #expect(error?.code == .invalidCondition)
            #expect(error?.message.contains("'bad'") == true)
        }
        #expect(monitor.identifiers.isEmpty)
    }

    /// `add(_:identifier:assuming:)`: the record starts at the assumed state, and a first
    /// determination equal to it posts nothing.
    @Test func anAssumedStateThatProvesTruePostsNoEvent() async throws {
        let plain = try await Self.homeAndBeaumont()
        let device = try SimulatedDevice(track: Self.track)
        let monitor = try device.monitor(named: "drive")
        try monitor.add(
            CircularCondition(center: Self.houston, radius: 2000), identifier: "home", assuming: .satisfied)
        try monitor.add(
            CircularCondition(center: Self.beaumont, radius: 5000), identifier: "beaumont", assuming: .satisfied)
        #expect(monitor.record(for: "home")?.lastEvent == MonitorEvent(identifier: "home", state: .satisfied, date: 0))
        let events = await Self.events(monitor)
        // home starts inside as assumed: no event; beaumont starts outside: unsatisfied at 0.
        #expect(events == plain.filter { !($0.identifier == "home" && $0.date == 0) })
        #expect(events.first == MonitorEvent(identifier: "beaumont", state: .unsatisfied, date: 0))
    }

    @Test func aReopenedMonitorHoldsWhatTheLastOneLeftAndItsEventsStartEmpty() async throws {
        let plain = try await Self.homeAndBeaumont()
        let device = try SimulatedDevice(track: Self.track)
        var first: DeviceMonitor? = try device.monitor(named: "drive")
        try first?.add(CircularCondition(center: Self.houston, radius: 2000), identifier: "home")
        try first?.add(CircularCondition(center: Self.beaumont, radius: 5000), identifier: "beaumont")
        var old = try #require(first?.events.makeAsyncIterator())
        #expect(await old.next() == plain[0])
        #expect(await old.next() == plain[1])
        first = nil

        let reopened = try device.monitor(named: "drive")
        #expect(reopened.identifiers == ["home", "beaumont"])
        #expect(reopened.record(for: "home")?.lastEvent == plain[0])
        #expect(await old.next() == nil)
        #expect(await Self.events(reopened) == Array(plain.dropFirst(2)))
    }

    /// `.reemitOnReopen` (customerio-ios#1158): each known state again at the reopening.
    @Test func reemitOnReopenPostsEachKnownStateAgain() async throws {
        let plain = try await Self.homeAndBeaumont()
        let device = try SimulatedDevice(track: Self.track)
        var first: DeviceMonitor? = try device.monitor(named: "drive", quirks: .reemitOnReopen)
        try first?.add(CircularCondition(center: Self.houston, radius: 2000), identifier: "home")
        try first?.add(CircularCondition(center: Self.beaumont, radius: 5000), identifier: "beaumont")
        var iterator = try #require(first?.events.makeAsyncIterator())
        #expect(await iterator.next() == plain[0])
        #expect(await iterator.next() == plain[1])
        try await Task.sleep(for: .seconds(5), clock: device.clock)
        first = nil

        let reopened = try device.monitor(named: "drive", quirks: .reemitOnReopen)
        let events = await Self.events(reopened)
        #expect(
            Array(events.prefix(2)) == [
                MonitorEvent(identifier: "home", state: .satisfied, date: 5),
                MonitorEvent(identifier: "beaumont", state: .unsatisfied, date: 5),
            ])
        #expect(Array(events.dropFirst(2)) == Array(plain.dropFirst(2)))
        let homeLines = device.transcript.filter { $0.notification.userInfo["identifier"] == "home" }
        #expect(homeLines.prefix(2).map(\.t) == [0, 5])
    }

    /// `.noEntryWhenStartingInside` (forums 812111, cordova-background-geolocation-lt#178): no
    /// event for a first `satisfied`; leaving and later entries are posted.
    @Test func noEntryWhenStartingInsideSkipsOnlyTheFirstSatisfied() async throws {
        let plain = try await Self.homeAndBeaumont()
        let device = try SimulatedDevice(track: Self.track)
        let monitor = try device.monitor(named: "drive", quirks: .noEntryWhenStartingInside)
        try monitor.add(CircularCondition(center: Self.houston, radius: 2000), identifier: "home")
        try monitor.add(CircularCondition(center: Self.beaumont, radius: 5000), identifier: "beaumont")
        var iterator = monitor.events.makeAsyncIterator()
        #expect(await iterator.next() == MonitorEvent(identifier: "beaumont", state: .unsatisfied, date: 0))
        #expect(monitor.record(for: "home")?.lastEvent.state == .unknown)
        var events = [MonitorEvent(identifier: "beaumont", state: .unsatisfied, date: 0)]
        while let event = await iterator.next() { events.append(event) }
        #expect(events == plain.filter { !($0.identifier == "home" && $0.date == 0) })
        #expect(events.contains { $0.identifier == "beaumont" && $0.state == .satisfied })
    }

    /// home and beaumont on a plain monitor: the reference the rules above are compared with.
    static func homeAndBeaumont() async throws -> [MonitorEvent] {
        let device = try SimulatedDevice(track: track)
        let monitor = try device.monitor(named: "drive")
        try monitor.add(CircularCondition(center: houston, radius: 2000), identifier: "home")
        try monitor.add(CircularCondition(center: beaumont, radius: 5000), identifier: "beaumont")
        let events = await events(monitor)
        #expect(events.count >= 5)
        return events
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
