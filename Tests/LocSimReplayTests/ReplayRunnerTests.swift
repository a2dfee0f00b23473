import Foundation
import LocSimCanonicalJSON
import LocSimGPX
import LocSimGeocoding
import LocSimLocationCore
import LocSimReplay
import LocSimSimulation
import LocSimSupport
import Testing

@Suite struct ReplayRunnerTests {
    static let straight = GPXFixture.track(GPXFixture.meridian(count: 61, spacing: 25))

    @Test func authorizationComesFirstAndEachLocationIsFollowedByItsPlace() throws {
        let outcome = try replay(Self.straight, testConfiguration(interval: 1))
        #expect(outcome.events.first == "authorization")
        #expect(outcome.lines.first?.t == 0)
        #expect(outcome.lines.first?["status"] == "3")
        let locations = outcome.lines.indices.filter { outcome.events[$0] == "location" }
        #expect(locations.count == 61)
        for index in locations {
            let location = outcome.lines[index]
            let next = outcome.lines[index + 1]
            #expect(next.notification.name == .locationAvailable)
            #expect(next.t == location.t)
            #expect(next["latitude"] == location["latitude"])
            #expect(next["longitude"] == location["longitude"])
        }
        #expect(outcome.lines.count == 1 + 2 * 61)
    }

    @Test func linesHaveSortedKeysThreeDecimalTimesAndSixDecimalCoordinates() throws {
        let outcome = try replay(Self.straight, testConfiguration(interval: 2.5, noise: true))
        for line in outcome.lines {
            let text = line.text
            #expect(try JSONValue.parse(text).compact() == text)
            #expect(text.contains(#""t":\#(formatFixed(line.t, decimals: 3))"#))
            #expect(text.firstMatch(of: /"t":-?\d+\.\d{3}[,}]/) != nil)
        }
        for line in outcome.lines(.location) + outcome.lines(.locationAvailable) {
            #expect(line.text.firstMatch(of: /"latitude":-?\d+\.\d{6}[,}]/) != nil)
            #expect(line.text.firstMatch(of: /"longitude":-?\d+\.\d{6}[,}]/) != nil)
        }
        #expect(outcome.lines(.location).map(\.t).contains(2.5))
    }

    @Test func sameInputsAndSeedGiveTheSameBytes() throws {
        var configuration = testConfiguration(interval: 1, noise: true)
        configuration.engine.distanceFilter = .metres(200)
        configuration.engine.seed = 7
        let first = try replay(Self.straight, configuration)
        let second = try replay(Self.straight, configuration)
        #expect(first.jsonl == second.jsonl)
        configuration.engine.seed = 8
        let other = try replay(Self.straight, configuration)
        #expect(other.jsonl != first.jsonl)
    }

    @Test func aFileThatFailsBeforeItsFirstFixPrintsNothing() throws {
        let gpx = GPXFixture.document(
            #"<trk><trkseg><trkpt lat="1" lon="2"/><trkpt lat="x" lon="2"/></trkseg></trk>"#)
        var lines: [TranscriptLine] = []
        let fixture = try GPXFixture()
        defer { fixture.remove() }
        let path = try fixture.write(gpx)
        let runner = ReplayRunner(
            configuration: testConfiguration(), geocoder: StubGeocoder(), client: ScriptedHTTPClient())
        do {
            _ = try runner.run(gpxPath: path, displayPath: "typed/track.gpx") { lines.append($0) }
            Issue.record("a malformed file replayed")
        } catch {
            #expect(error.kind == .invalidInput)
            #expect(error.message.hasPrefix("typed/track.gpx:3:"))
            #expect(error.message.contains(": error: <trkpt> attribute 'lat' is not a number"))
            #expect(!error.message.contains(fixture.directory.path))
        }
        #expect(lines.isEmpty)
    }

    @Test func missingAndUnreadableFilesAreMissingInput() throws {
        let fixture = try GPXFixture()
        defer { fixture.remove() }
        let runner = ReplayRunner(configuration: testConfiguration(), geocoder: nil, client: ScriptedHTTPClient())
        for (path, shown) in [(fixture.directory.path + "/nope.gpx", "nope.gpx"), (fixture.directory.path, "dir")] {
            do {
                _ = try runner.run(gpxPath: path, displayPath: shown) { _ in }
                Issue.record("\(shown) replayed")
            } catch {
                #expect(error.kind == .missingInput)
                #expect(error.message.hasPrefix("\(shown): error: "))
            }
        }
    }

    @Test func theSummaryCountsWhatHappened() throws {
        let outcome = try replay(Self.straight, testConfiguration(distanceFilter: .metres(90), interval: 1))
        #expect(outcome.summary.source == .trackPoint)
        #expect(outcome.summary.file.trackPoints == 61)
        #expect(outcome.summary.rawFixes == 61)
        #expect(outcome.summary.deliveredFixes == 16)
        #expect(outcome.summary.events == outcome.lines.count)
        #expect(outcome.summary.duration == 60)
        #expect(outcome.summary.geocoding.issued == 16)
    }

    /// End of playback: a geocode still in flight at the last fix completes; the duration runs
    /// to it.
    @Test func pendingGeocodesCompleteAfterTheLastFix() throws {
        let gpx = GPXFixture.track(GPXFixture.meridian(count: 3, spacing: 50, step: 10))
        let outcome = try replay(
            gpx, testConfiguration(geocoding: GeocodeSessionConfiguration(throttle: nil, latency: 2.5)))
        #expect(outcome.lines(.location).map(\.t) == [0, 10, 20])
        #expect(outcome.lines(.locationAvailable).map(\.t) == [2.5, 12.5, 22.5])
        #expect(outcome.events.last == "LOCATION_AVAILABLE")
        #expect(outcome.summary.duration == 22.5)
    }

    /// A significant change deferred past the end of the track is delivered at its deadline:
    /// the device rests where the track ended.
    @Test func aDeferredSignificantChangeArrivesAfterTheLastFix() throws {
        let gpx = GPXFixture.track(GPXFixture.meridian(count: 2, spacing: 600, step: 100))
        var configuration = testConfiguration()
        configuration.engine.significantChange = true
        let outcome = try replay(gpx, configuration)
        let locations = outcome.lines(.location)
        #expect(locations.map(\.t) == [0, 300])
        #expect(locations.last?["timestamp"] == ISO8601Timestamp.format(epochSeconds: GPXFixture.epoch + 100))
        #expect(outcome.lines(.locationAvailable).map(\.t) == [0, 300])
        #expect(outcome.summary.duration == 300)
    }

    /// 10,000 fixes through engine, geocoder session (with the throttle) and bus: virtual time,
    /// so it finishes quickly; nothing here is timed, the test only has to end.
    @Test func tenThousandFixesReplay() throws {
        let gpx = GPXFixture.track([
            GPXFixture.Point(29.0, -91.5, time: 0), GPXFixture.Point(29.9, -91.5, time: 9_999),
        ])
        var configuration = testConfiguration(interval: 1, geocoding: GeocodeSessionConfiguration())
        configuration.playback = Playback.Configuration(interval: 1, maxGap: .infinity)!  // no pause
        let outcome = try replay(gpx, configuration)
        #expect(outcome.summary.rawFixes == 10_000)
        #expect(outcome.lines(.location).count == 10_000)
        #expect(outcome.summary.geocoding.granted + outcome.summary.geocoding.throttled == 10_000)
    }
}
