import Foundation
import LocSimCLI
import LocSimExport
import LocSimLocationCore
import Testing

/// A user's export format: one line per raw fix, `lat,lon`.
private struct CSVFormat: ExportFormat {
    var name: String { "csv" }
    var summary: String { "Comma-separated latitude and longitude, one fix a line." }

    func export(_ input: ExportInput, options: ExportOptions) throws(ExportError) -> [ExportFile] {
        let lines = input.rawFixes.map { "\($0.coordinate.latitude),\($0.coordinate.longitude)" }
        return [ExportFile(name: input.name + ".csv", text: lines.joined(separator: "\n") + "\n")]
    }
}

/// `locsim export --to` resolves the formats on the command's context, so a format registered in
/// a build of one's own is listed and usable.
@Suite struct ExportFormatRegistrationTests {
    static var formats: ExportFormatRegistry {
        var formats = ExportFormatRegistry.builtIn
        formats.register(CSVFormat())
        return formats
    }

    @Test func aRegisteredFormatIsListedInHelp() {
        let run = ExportRun.run(["export", "--help"], exportFormats: Self.formats)
        #expect(run.status == .success)
        let flat = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("The format: xcode-gpx, simctl, apns, geojson, android-gpx, devicectl, csv."))
        let builtIn = ExportRun.run(["export", "--help"])
        #expect(!builtIn.stdout.contains("csv"))
    }

    @Test func aRegisteredFormatIsUsable() throws {
        let run = ExportRun.run(["export", "Waypoints/franklin-la.gpx", "--to", "csv"], exportFormats: Self.formats)
        #expect(run.status == .success, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count > 10)
        let first = try #require(lines.first)
        #expect(first.split(separator: ",").count == 2)
        #expect(first.hasPrefix("29."))

        let unknown = ExportRun.run(["export", "Waypoints/franklin-la.gpx", "--to", "csv"])
        #expect(unknown.status == .usage)
        #expect(unknown.stderr.contains("'xcode-gpx', 'simctl', 'apns', 'geojson', 'android-gpx' and 'devicectl'."))
    }
}
