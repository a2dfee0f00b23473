import Foundation
import LocSimDevice
import LocSimGeocoding
import LocSimLocationCore
import LocSimReplay
import LocSimSettings
import LocSimSimulation
import LocSimSupport
import Testing

@Suite struct SimulatedDeviceTests {
    /// The `location` lines of `locsim replay` (no geocoding) on `track` with `settings`.
    static func replayLocations(_ track: URL, _ settings: ReplaySettings) throws -> [String] {
        var settings = settings
        settings.geocoder = .none
        let runner = ReplayRunner(configuration: try settings.configuration(), geocoder: nil, client: NoHTTPClient())
        var lines: [TranscriptLine] = []
        _ = try runner.run(gpxPath: track.path) { lines.append($0) }
        return lines.texts(.location)
    }

    @Test(arguments: SeedTracks.all)
    func updatesAreTheReplaysLocations(track: String) async throws {
        let url = SeedTracks.url(track)
        let device = try SimulatedDevice(track: url)
        var locations: [Location] = []
        for await update in device.locationManagerUpdates {
            locations.append(try #require(update.location))
        }
        let expected = try Self.replayLocations(url, ReplaySettings())
        #expect(!expected.isEmpty)
        #expect(locations.map { TranscriptLine(t: $0.timestamp, notification: .location($0)).text } == expected)
        #expect(device.transcript.texts(.location) == expected)
    }

    @Test func warningsSayWhatTheReaderSkippedAndWhatTheSettingsIgnore() throws {
        try withTemporaryFile(
            """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="29.79" lon="-91.50"><time>2014-06-01T12:00:00Z</time></trkpt>
            <trkpt lat="129.8" lon="-91.49"><time>2014-06-01T12:01:00Z</time></trkpt>
            <trkpt lat="29.80" lon="-91.48"><time>2014-06-01T12:02:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        ) { track in
            var settings = locationOnlySettings()
            settings.significantChange = true
            settings.distanceFilter = .metres(100)
            let device = try SimulatedDevice(track: track, settings: settings)
            #expect(device.warnings.count == 2, "\(device.warnings)")
            #expect(
                device.warnings.first
                    == "warning: '--distance-filter' is ignored in significant-change mode (≥ 500 m and ≥ 5 min).")
            #expect(device.warnings.last?.hasPrefix("\(track.path):4:1: warning: ") == true, "\(device.warnings)")
            #expect(device.warnings.last?.contains("129.8") == true, "\(device.warnings)")
        }

        let clean = try SimulatedDevice(track: SeedTracks.url("franklin-la.gpx"))
        #expect(clean.warnings.isEmpty, "\(clean.warnings)")
    }

    @Test func settingsReachTheEngineAndPlayback() async throws {
        var settings = ReplaySettings()
        settings.distanceFilter = .metres(500)
        settings.seed = 7
        settings.interval = 5
        settings.laps = 2
        settings.loopMode = .return
        let url = SeedTracks.url("franklin-la.gpx")
        let device = try SimulatedDevice(track: url, settings: settings)
        var count = 0
        var last = -1.0
        for await update in device.locationManagerUpdates {
            let location = try #require(update.location)
            #expect(location.timestamp > last)
            last = location.timestamp
            count += 1
        }
        let expected = try Self.replayLocations(url, settings)
        #expect(count == expected.count)
        #expect(device.transcript.texts(.location) == expected)
        #expect(count > (try Self.replayLocations(url, ReplaySettings())).count)
    }

    @Test func theClockMovesOnlyAsTheConsumerPulls() async throws {
        let device = try SimulatedDevice(track: SeedTracks.url("houston-new-orleans-i10.gpx"))
        #expect(device.now == 0)
        #expect(device.transcript.isEmpty)
        var iterator = device.locationManagerUpdates.makeAsyncIterator()
        _ = await iterator.next()
        let second = try #require(await iterator.next()?.location)
        #expect(device.now == second.timestamp)
        // Nothing was played past the second update.
        #expect(device.transcript.texts(.location).count == 2)
        #expect(device.transcript.last?.t == second.timestamp)
    }

    @Test func twoConsumersEachGetEveryUpdate() async throws {
        let device = try SimulatedDevice(track: SeedTracks.url("houston-new-orleans-i10.gpx"))
        var first = device.locationManagerUpdates.makeAsyncIterator()
        var second = device.locationManagerUpdates.makeAsyncIterator()
        var a: [LocationUpdate] = []
        var b: [LocationUpdate] = []
        // Interleaved: a reads two for each of b's, then both read to the end.
        while let update = await first.next() {
            a.append(update)
            if a.count % 2 == 0, let other = await second.next() { b.append(other) }
        }
        while let update = await second.next() { b.append(update) }
        #expect(a.count > 3)
        #expect(a == b)
        // A third consumer started after the end still reads everything.
        var c: [LocationUpdate] = []
        for await update in device.locationManagerUpdates { c.append(update) }
        #expect(c == a)
    }

    @Test func aConsumerThatStopsEarlyLeavesNothingBehind() async throws {
        weak var dropped: SimulatedDevice?
        var taken: [LocationUpdate] = []
        do {
            let device = try SimulatedDevice(track: SeedTracks.url("houston-new-orleans-i10.gpx"))
            dropped = device
            for await update in device.locationManagerUpdates {
                taken.append(update)
                if taken.count == 3 { break }
            }
            #expect(device.transcript.texts(.location).count == 3)
        }
        #expect(taken.count == 3)
        #expect(dropped == nil)
    }

    @Test func theSequenceIsTheSameOnEveryRun() async throws {
        func run() async throws -> [LocationUpdate] {
            var updates: [LocationUpdate] = []
            var settings = ReplaySettings()
            settings.distanceFilter = .metres(100)
            let device = try SimulatedDevice(track: SeedTracks.url("franklin-la.gpx"), settings: settings)
            for await update in device.locationManagerUpdates {
                updates.append(update)
            }
            return updates
        }
        let first = try await run()
        #expect(first.count > 1)
        #expect(try await run() == first)
    }

    @Test(arguments: [
        (AuthorizationStatus.denied, true, false), (.restricted, true, false), (.notDetermined, false, true),
    ])
    func withoutAuthorizationOneDiagnosticUpdateAndNoLocation(
        status: AuthorizationStatus, denied: Bool, inProgress: Bool
    ) async throws {
        let restricted = status == .restricted
        var settings = ReplaySettings()
        settings.authorization = status
        let device = try SimulatedDevice(track: SeedTracks.url("tempe-az.gpx"), settings: settings)
        var updates: [LocationUpdate] = []
        for await update in device.locationManagerUpdates { updates.append(update) }
        #expect(
            updates == [
                LocationUpdate(
                    location: nil, authorizationDenied: denied, authorizationRequestInProgress: inProgress,
                    authorizationRestricted: restricted)
            ])
    }

    @Test func isStationaryIsAZeroSpeed() {
        var location = Location(
            coordinate: Coordinate(latitude: 1, longitude: 2), horizontalAccuracy: 5, speed: 0, timestamp: 3)
        #expect(LocationUpdate(location).isStationary)
        location.speed = 4
        #expect(!LocationUpdate(location).isStationary)
        location.speed = nil
        #expect(!LocationUpdate(location).isStationary)
        #expect(LocationUpdate(.error(code: 0, message: "unknown"))?.locationUnavailable == true)
        #expect(LocationUpdate(.error(code: EngineEvent.deniedCode, message: EngineEvent.deniedMessage)) == nil)
        #expect(LocationUpdate(.authorization(.authorizedWhenInUse)) == nil)
    }

    @Test func aMissingTrackNamesTheFile() throws {
        let url = URL(filePath: "/nonexistent/drive.gpx")
        let error = #expect(throws: SimulatedDeviceError.self) { try SimulatedDevice(track: url) }
        #expect(error?.code == .invalidTrack)
        #expect(error?.message.contains("/nonexistent/drive.gpx") == true)
    }

    @Test func aBrokenTrackSaysWhereWithLineAndColumn() throws {
        try withTemporaryFile(
            "<gpx version=\"1.1\">\n<trk><trkseg>\n<trkpt lat=\"29.7\" lon=\"-91.5\"></trkseg>\n"
        ) { url in
            let error = #expect(throws: SimulatedDeviceError.self) { try SimulatedDevice(track: url) }
            #expect(error?.code == .invalidTrack)
            #expect(error?.message.hasPrefix("\(url.path):3:") == true, "\(error?.message ?? "")")
        }
    }

    @Test func aTrackWithoutPointsIsRefused() throws {
        try withTemporaryFile("<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"></gpx>\n") { url in
            let error = #expect(throws: SimulatedDeviceError.self) { try SimulatedDevice(track: url) }
            #expect(error?.code == .invalidTrack)
            #expect(
                error?.message.hasPrefix("\(url.path):1:1: error: nothing to replay") == true,
                "\(error?.message ?? "")")
        }
    }

    @Test func badSettingsNameTheOption() throws {
        var settings = ReplaySettings()
        settings.interval = 0.001
        let error = #expect(throws: SimulatedDeviceError.self) {
            try SimulatedDevice(track: SeedTracks.url("osaka.gpx"), settings: settings)
        }
        #expect(error?.code == .invalidSettings)
        #expect(error?.message.contains("'--interval'") == true)
    }

    /// A negative or NaN distance filter or accuracy ran silently as `none` (a probe's find);
    /// scenario.json refused the same value.
    @Test(arguments: [
        (DistanceFilter.metres(-5), DesiredAccuracy.kilometer, "'--distance-filter'"),
        (.metres(.nan), .kilometer, "'--distance-filter'"), (.metres(.infinity), .kilometer, "'--distance-filter'"),
        (.none, .metres(-1), "'--accuracy'"),
    ])
    func aNegativeOrNaNDistanceIsRefused(filter: DistanceFilter, accuracy: DesiredAccuracy, option: String) {
        var settings = ReplaySettings()
        settings.distanceFilter = filter
        settings.desiredAccuracy = accuracy
        let error = #expect(throws: SimulatedDeviceError.self) {
            try SimulatedDevice(track: SeedTracks.url("osaka.gpx"), settings: settings)
        }
        #expect(error?.code == .invalidSettings)
        #expect(error?.message.contains(option) == true, "\(error?.message ?? "")")
    }

    /// The update streams end when the iterating task is cancelled (they went on to the end).
    @Test func cancellingTheIteratingTaskEndsTheStreams() async throws {
        let device = try SimulatedDevice(track: SeedTracks.url("franklin-la.gpx"))
        let counts = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var updates = 0
            for await _ in device.liveUpdates() { updates += 1 }
            for await _ in device.locationManagerUpdates { updates += 1 }
            return updates
        }.value
        #expect(counts == 0)
        var all = 0
        for await _ in device.liveUpdates() { all += 1 }
        #expect(all == 220)
    }
}
