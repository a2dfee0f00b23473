import LocSimExport
import LocSimLocationCore
import Testing

@Suite struct SimctlScriptFormatTests {
    static func input(_ fixes: [RawFix]) -> ExportInput {
        ExportInput(name: "walk", source: "walk.gpx", rawFixes: fixes, transcript: [], filterRadius: nil)
    }

    static func north(_ metres: Double) -> Coordinate {
        Geodesic.wgs84.direct(from: Coordinate(latitude: 10, longitude: 20), azimuth: 0, distance: metres).coordinate
    }

    @Test func aShortTrackAtOneSpeedPassesItsWaypointsAsArguments() throws {
        let fixes = (0..<3).map { RawFix(t: Double($0) * 2, coordinate: Self.north(Double($0) * 10)) }
        let script = try SimctlScriptFormat().export(Self.input(fixes), options: ExportOptions(device: "My iPhone"))[0]
        #expect(script.name == "walk.simctl.sh")
        #expect(script.isExecutable)
        #expect(script.text.contains(#"device='My iPhone'"# + "\n" + #"device="${LOCSIM_DEVICE:-$device}""#))
        #expect(script.text.contains(#"speed="$(awk -v s=5 -v r="$rate" 'BEGIN { printf "%.3f", s * r }')""#))
        #expect(
            script.text.hasSuffix(
                """
                xcrun simctl location "$device" start --speed="$speed" --interval=2 \\
                  10.000000,20.000000 \\
                  10.000090,20.000000 \\
                  10.000181,20.000000

                """))
    }

    @Test func aTrackWhoseSpeedVariesIsASetPerPoint() throws {
        let fixes = [
            RawFix(t: 0, coordinate: Self.north(0)), RawFix(t: 1, coordinate: Self.north(10)),
            RawFix(t: 1.5, coordinate: Self.north(30)),
        ]
        let script = try SimctlScriptFormat().export(Self.input(fixes), options: ExportOptions())[0]
        #expect(
            script.text.hasSuffix(
                """
                xcrun simctl location "$device" set 10.000000,20.000000
                pause 1
                xcrun simctl location "$device" set 10.000090,20.000000
                pause 0.5
                xcrun simctl location "$device" set 10.000271,20.000000

                """))
    }
}
