import Foundation
import LocSimCLI
import LocSimLocationCore
import Testing

/// `locsim plot --context` and `replay --map --context`: Natural Earth lines under the run, off by
/// default.
@Suite struct PlotContextTests {
    /// 12 km north from the Gulf beach of Galveston Island, across the island and its bay shore.
    static let galveston = CLIFixture.track(
        from: Coordinate(latitude: 29.2500, longitude: -94.8400), count: 41, spacing: 300)

    @Test func contextLayersAreDrawnOnlyWhenAskedFor() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.galveston, to: "t.gpx")
        let plain = fixture.run(["plot", "t.gpx", "-o", "plain.svg", "--providers", "none"])
        #expect(plain.status == .success)
        #expect(try #require(fixture.read("plain.svg")).contains(#"id="context""#) == false)
        let drawn = fixture.run(["plot", "t.gpx", "-o", "coast.svg", "--providers", "none", "--context", "coast"])
        #expect(drawn.status == .success)
        let svg = try #require(fixture.read("coast.svg"))
        #expect(svg.contains(#"<path id="context-coast" d="M"#))
        #expect(!svg.contains("context-borders") && !svg.contains("context-states"))
        #expect(svg.contains("Natural Earth (public domain)"))
    }

    @Test func anUnknownLayerIsAUsageErrorWithASuggestion() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.galveston, to: "t.gpx")
        let outcome = fixture.run(["plot", "t.gpx", "-o", "out.svg", "--context", "coast,boarders"])
        #expect(outcome.status == .usage)
        #expect(
            outcome.stderr.hasPrefix(
                "Error: The value 'boarders' is invalid for '--context <list>'. Expected a comma list of 'coast', "
                    + "'borders', 'states', 'all' or 'none'. Did you mean 'borders'?\n"))
        #expect(fixture.read("out.svg") == nil)
    }

    @Test func replayDrawsTheContextOnItsMapAndRefusesItWithoutOne() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(Self.galveston, to: "t.gpx")
        let drawn = fixture.run(["replay", "t.gpx", "--providers", "none", "--map", "m.svg", "--context", "coast"])
        #expect(drawn.status == .success)
        let svg = try #require(fixture.read("m.svg"))
        #expect(svg.contains(#"<path id="context-coast" d="M"#) && !svg.contains("context-borders"))
        let alone = fixture.run(["replay", "t.gpx", "--providers", "none", "--context", "coast"])
        #expect(alone.status == .usage)
        #expect(alone.stderr.hasPrefix("Error: '--context' requires '--map'.\n"))
    }
}
