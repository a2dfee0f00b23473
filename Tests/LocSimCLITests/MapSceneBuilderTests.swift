import Foundation
import LocSimCLI
import Testing

@Suite struct MapSceneBuilderTests {
    @Test func mapWritesAnSVGWithOneGreenDotPerLocation() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 120, spacing: 30), to: "t.gpx")
        try fixture.write("", to: "maps/.keep")
        let outcome = fixture.run(
            [
                "replay", "t.gpx", "--format", "jsonl", "--distance-filter", "500", "--providers", "none", "--map",
                "maps/out.svg",
            ])
        #expect(outcome.status == .success)
        let svg = try #require(fixture.read("maps/out.svg"))
        #expect(svg.contains("<svg"))
        #expect(svg.hasSuffix("</svg>\n") || svg.hasSuffix("</svg>"))
        let fixes = try #require(svg.firstMatch(of: /<g id="fixes"[^>]*>(.*?)<\/g>/.dotMatchesNewlines()))
        let dots = fixes.1.ranges(of: "<circle").count
        #expect(dots == outcome.times(of: "location").count)
        #expect(dots > 1)
        #expect(svg.contains("#2ca02c"))
        let again = fixture.run(
            [
                "replay", "t.gpx", "--format", "jsonl", "--distance-filter", "500", "--providers", "none", "--map",
                "maps/again.svg",
            ])
        #expect(again.status == .success)
        #expect(fixture.read("maps/again.svg") == svg)
    }

    /// A map into a directory that does not exist is refused before anything runs.
    @Test func mapIntoAMissingDirectoryIsAUsageError() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 3, spacing: 30), to: "t.gpx")
        let outcome = fixture.run(["replay", "t.gpx", "--format", "jsonl", "--map", "nowhere/out.svg"])
        #expect(outcome.status == .usage)
        #expect(outcome.stdout == "")
        #expect(
            outcome.stderr.hasPrefix(
                "Error: The value 'nowhere/out.svg' is invalid for '--map <file.svg>'. "
                    + "Expected a file in an existing directory.\n"))
    }
}
