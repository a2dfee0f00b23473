import Foundation
import LocSimReplay
import LocSimSimulation
import LocSimSupport
import Testing

/// issue 19 item 10: a run stops with an error once it would play more than
/// ``ReplayConfiguration/maxFixes`` raw fixes, instead of running without bound.
@Suite struct ReplayRunnerFixCapTests {
    static let gpx = GPXFixture.track([
        GPXFixture.Point(29.0, -91.5, time: 0), GPXFixture.Point(29.1, -91.5, time: 99),
    ])

    @Test func moreFixesThanTheCapEndTheRunAsInvalidInput() throws {
        var configuration = testConfiguration(interval: 1)
        configuration.laps = 3
        configuration.maxFixes = 250
        let error = try #require(throws: ReplayError.self) { try replay(Self.gpx, configuration) }
        #expect(error.kind == ReplayError.Kind.invalidInput)
        #expect(
            error.message
                == "error: the replay would play more than 250 fixes; use a larger --interval (playback.interval) "
                + "or a smaller --loop (playback.loop)")
    }

    @Test func exactlyTheCapIsFine() throws {
        var configuration = testConfiguration(interval: 1)
        configuration.laps = 3
        configuration.maxFixes = 300
        #expect(try replay(Self.gpx, configuration).summary.rawFixes == 300)
    }

    @Test func theDefaultCapIsDocumented() {
        #expect(ReplayConfiguration().maxFixes == 50_000_000)
    }
}
