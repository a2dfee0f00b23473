import Foundation
import LocSimDevice
import LocSimGeocoding
import LocSimLocationCore
import LocSimReplay
import LocSimSettings
import LocSimSimulation
import Testing

@Suite struct DeviceClockTests {
    static let franklin = SeedTracks.url("franklin-la.gpx")

    @Test func aSleepCompletesAtVirtualTimeWithNoConsumer() async throws {
        let device = try SimulatedDevice(track: Self.franklin)
        try await Task.sleep(for: .seconds(90), clock: device.clock)
        #expect(device.now == 90)
        #expect(device.clock.now == DeviceClock.Instant(offset: .seconds(90)))
        // The drive was played up to 90 s: the live stream's fixes 0…90 exist, nothing later was recorded.
        #expect(device.transcript.allSatisfy { $0.t <= 90 })
        // Iterators still read every update from the start.
        var updates = 0
        for await _ in device.liveUpdates() { updates += 1 }
        #expect(updates == 220)
    }

    @Test func aFixAtTheDeadlineComesBeforeTheSleeperWakes() async throws {
        // The second delivered fix with a 100 m filter, found on one device, then slept to on another.
        var settings = ReplaySettings()
        settings.distanceFilter = .metres(100)
        let first = try SimulatedDevice(track: Self.franklin, settings: settings)
        var iterator = first.locationManagerUpdates.makeAsyncIterator()
        _ = await iterator.next()
        let second = try #require(await iterator.next()?.location?.timestamp)
        let device = try SimulatedDevice(track: Self.franklin, settings: settings)
        try await device.clock.sleep(until: DeviceClock.Instant(offset: .seconds(second)))
        #expect(device.transcript.texts(.location).count == 2)
        #expect(device.now == second)
    }

    @Test func monitorEventsShareTheTimeline() async throws {
        let device = try SimulatedDevice(track: Self.franklin)
        let monitor = try device.monitor(named: "town")
        try monitor.add(
            CircularCondition(center: Coordinate(latitude: 29.796, longitude: -91.5015), radius: 500),
            identifier: "centre")
        try await Task.sleep(for: .seconds(100), clock: device.clock)
        let events = device.transcript.filter { $0.notification.name == "monitor_event" }
        // The condition's state, determined at the first fix (the drive starts 2.5 km out).
        #expect(events.map(\.t) == [0])
        #expect(events.first?.notification.userInfo["state"] == "unsatisfied")
        var iterator = monitor.events.makeAsyncIterator()
        #expect(await iterator.next() == MonitorEvent(identifier: "centre", state: .unsatisfied, date: 0))
        #expect(device.now == 100)
    }

    @Test func aNegativeOrZeroSleepReturnsAtOnce() async throws {
        let device = try SimulatedDevice(track: Self.franklin)
        try await Task.sleep(for: .seconds(30), clock: device.clock)
        try await Task.sleep(for: .seconds(-5), clock: device.clock)
        try await Task.sleep(for: .zero, clock: device.clock)
        #expect(device.now == 30)
    }

    @Test func afterTheDriveTimeGoesOnForAnHourThenASleepIsCancelled() async throws {
        let device = try SimulatedDevice(track: Self.franklin)
        try await Task.sleep(for: .seconds(219 + 600), clock: device.clock)
        #expect(device.now == 819)
        await #expect(throws: CancellationError.self) {
            try await Task.sleep(for: .seconds(1_000_000_000), clock: device.clock)
        }
        // The drive ended at 219 s; now stays where the last sleep left it.
        #expect(device.now == 819)
        let fresh = try SimulatedDevice(track: Self.franklin)
        await #expect(throws: CancellationError.self) {
            try await Task.sleep(for: .seconds(219 + 3601), clock: fresh.clock)
        }
        #expect(fresh.now == 219)
    }

    @Test func aCancelledTasksSleepThrowsAndMovesNothing() async throws {
        let device = try SimulatedDevice(track: Self.franklin)
        let clock = device.clock
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await Task.sleep(for: .seconds(60), clock: clock)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(device.now == 0)
        #expect(device.transcript.isEmpty)
    }

    /// A user's controller on the live stream: at most one geocode per 60 s of clock time
    /// (debounced), a 30 s settle after the device stops, and a 60 s back-off after a throttle.
    static func debouncedDrive() async throws -> String {
        var settings = ReplaySettings()
        settings.geocodeLimit = GeocodeLimit(argument: "3/300")
        let device = try SimulatedDevice(track: LiveUpdatesTests.stop, settings: settings)
        let clock = device.clock
        var nextAllowed = clock.now
        for await update in device.liveUpdates() {
            guard let location = update.location else { continue }
            if update.isStationary {
                // Debounce: wait for the position to settle before asking.
                try await Task.sleep(for: .seconds(30), clock: clock)
            } else if clock.now < nextAllowed {
                continue
            }
            guard let request = device.reverseGeocodingRequest(location: location) else { continue }
            do {
                let item = try await request.mapItems[0]
                device.notificationCenter.post(
                    name: Notification.Name("LOCATION_AVAILABLE"), object: nil,
                    userInfo: ["city": item.addressRepresentations?.cityName ?? "", "state": "", "country": ""])
                nextAllowed = clock.now.advanced(by: .seconds(60))
            } catch let failure as GeocodeFailure where failure.isThrottled {
                try await Task.sleep(for: .seconds(60), clock: clock)
                nextAllowed = clock.now
            }
        }
        return device.transcriptText
    }

    @Test func aUsersDebounceOnTheClockIsTheSameOverFiftyRuns() async throws {
        let first = try await Self.debouncedDrive()
        let geocodes = first.split(separator: "\n").filter { $0.contains(#""event":"geocode""#) }
        // One a minute while driving (0, 60, 120); the 3-per-300 s limit refuses 180 and, after
        // the 60 s back-off, 240; 300 is granted; the stop (stationary at 280, read at 300 after
        // the back-offs) settles 30 s and is refused at 330; after the pause, 520 and 580.
        #expect(
            geocodes.map { $0.components(separatedBy: #""t":"#)[1].dropLast() } == [
                "0.000", "60.000", "120.000", "180.000", "240.000", "300.000", "330.000", "520.000", "580.000",
            ])
        #expect(first.components(separatedBy: #""code":2,"event":"geocode_failed""#).count == 4)
        for _ in 1..<50 {
            #expect(try await Self.debouncedDrive() == first)
        }
    }
}
