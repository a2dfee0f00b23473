import Foundation
import LocSimCLI
import Testing

/// `locsim test` answers a request from the recording at the nearest position: a scenario whose
/// cassette was recorded a few hundred metres from where the replay asks still passes, unless
/// the cassette asks for exact coordinates (`"coordinates": false`).
@Suite struct TestCommandPositionTests {
    static let packageRoot = SeedChangeScenarioTests.packageRoot

    /// `nws-cap-lifecycle` in `fixture`, its cassette's `point=` values moved 0.002° north
    /// (222 m), with `matching` appended when given.
    static func movedScenario(in fixture: CLIFixture, matching: String? = nil) throws {
        let source = packageRoot.appendingPathComponent("Recordings/nws-cap-lifecycle")
        for name in ["scenario.json", "expected.jsonl"] {
            try fixture.write(
                try String(contentsOf: source.appendingPathComponent(name), encoding: .utf8),
                to: "Recordings/nws-cap-lifecycle/" + name)
        }
        let track = "Waypoints/Generated/erie-pa-lakeshore.gpx"
        try fixture.write(
            try String(contentsOf: packageRoot.appendingPathComponent(track), encoding: .utf8), to: track)
        var cassette = try String(contentsOf: source.appendingPathComponent("cassette.json"), encoding: .utf8)
        var moved = 0
        for latitude in Set(cassette.split(separator: "point=").dropFirst().map { $0.prefix { $0 != "," } }) {
            guard let value = Double(latitude) else { continue }
            cassette = cassette.replacingOccurrences(
                of: "point=\(latitude),", with: "point=\(String(format: "%.4f", value + 0.002)),")
            moved += 1
        }
        #expect(moved >= 5)
        if let matching {
            cassette = String(cassette.dropLast(2)) + ",\n  \"matching\" : \(matching)\n}\n"
        }
        try fixture.write(cassette, to: "Recordings/nws-cap-lifecycle/cassette.json")
    }

    @Test func aScenarioRecordedAFewHundredMetresAwayStillPasses() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try Self.movedScenario(in: fixture)
        let outcome = fixture.run(["test", "nws-cap-lifecycle"])
        #expect(outcome.status == .success, "\(outcome.stdout)\(outcome.stderr)")
    }

    @Test func exactCoordinatesMakeTheSameScenarioMiss() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try Self.movedScenario(in: fixture, matching: #"{ "coordinates" : false }"#)
        let outcome = fixture.run(["test", "nws-cap-lifecycle"])
        #expect(outcome.status != .success)
        #expect(outcome.stdout.contains("not_recorded"), "\(outcome.stdout)")
    }
}
