import Foundation
import LocSimGPX
import LocSimReplay
import LocSimSimulation
import LocSimSupport
import Testing

/// A replay that fails part-way says so in band; one with messy input replays with warnings; a
/// long untimed run streams through the look-ahead.
@Suite struct ReplayRunFailureTests {
    @Test func aFailurePartWayEndsTheTranscriptWithReplayError() throws {
        let good = GPXFixture.meridian(count: 20, spacing: 10).map { GPXFixture.element("trkpt", $0) }
        let text = GPXFixture.document("<trk><trkseg>\n" + good.joined(separator: "\n") + "\n</trkpt></trkseg></trk>")
        var lines: [TranscriptLine] = []
        let fixture = try GPXFixture()
        defer { fixture.remove() }
        let path = try fixture.write(text)
        let runner = ReplayRunner(
            configuration: testConfiguration(), geocoder: StubGeocoder(), client: ScriptedHTTPClient())
        #expect(throws: ReplayError.self) {
            try runner.run(gpxPath: path, displayPath: "track.gpx") { lines.append($0) }
        }
        #expect(lines.count > 1)
        let last = try #require(lines.last)
        #expect(last.notification.name.rawValue == "replay_error")
        #expect(last["code"] == "invalid-input")
        #expect(last["message"]?.hasPrefix("track.gpx:") == true)
        #expect(last.text.hasPrefix(#"{"code":"invalid-input","event":"replay_error","message":"track.gpx:"#))
        #expect(last.text.contains(#""t":"#))
    }

    @Test func aFailureBeforeTheFirstLinePrintsNothing() throws {
        var configuration = testConfiguration()
        configuration.strict = true
        let text = GPXFixture.document("<trk><trkseg><trkpt lat=\"100\" lon=\"0\"/></trkseg></trk>")
        #expect(throws: ReplayError.self) { try replay(text, configuration) }
    }

    @Test func warningsReachTheSummaryAndStrictMakesThemFatal() throws {
        let text = GPXFixture.document(
            "<trk><trkseg><trkpt lat=\"1\" lon=\"1\"><time>2024-01-01T00:00:10Z</time></trkpt>"
                + "<trkpt lat=\"1.001\" lon=\"1\"><time>2024-01-01T00:00:05Z</time></trkpt>"
                + "<trkpt lat=\"1.002\" lon=\"1\"><time>2024-01-01T00:00:20Z</time></trkpt></trkseg></trk>")
        let outcome = try replay(text, testConfiguration())
        #expect(outcome.summary.file.warnings.map(\.code) == [.timeOutOfOrder])
        #expect(outcome.summary.rawFixes == 2)
        var strict = testConfiguration()
        strict.strict = true
        #expect(throws: ReplayError.self) { try replay(text, strict) }
    }

    @Test func aLongUntimedRunStreamsThroughTheLookAheadAsIfHeld() throws {
        var points = [GPXFixture.Point(29.0, -91.5, time: 0)]
        points += (1..<9_000).map { GPXFixture.Point(29.0 + Double($0) * 0.00001, -91.5) }
        points.append(GPXFixture.Point(29.1, -91.5, time: 2_000))
        let outcome = try replay(GPXFixture.track(points), testConfiguration())
        #expect(outcome.summary.rawFixes == 9_001)
        let times = outcome.lines(.location).map(\.t)
        #expect(times == times.sorted())
        #expect(times.last == 2_000)
    }
}
