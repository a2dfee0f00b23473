import Foundation
import LocSimCLI
import LocSimCanonicalJSON
import LocSimExport
import LocSimTesting
import Testing

/// The export goldens: each format's features once, over a few inputs chosen for them (not every
/// input in every format), byte for byte against `Golden/<case>/` (``GoldenFile``). That every
/// track in `Waypoints/` and every scenario in `Recordings/` exports in every format is checked
/// too, without goldens.
@Suite struct ExportGoldenTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let bundleID = "com.example.weatheralerts"
    /// The device the scripts name (`devicectl` needs one).
    static let device = "00008110-000A1B2C3D4E5F60"
    /// A file name XML, JSON and the shell must each escape (`--` cannot appear in an XML comment).
    static let hostileStem = #"a&b <c> "d" 'e' --$(touch PWNED)"#

    /// One golden folder: what is exported, in which formats, and why.
    struct Case: Sendable, CustomTestStringConvertible {
        /// The folder under `Golden/`.
        var name: String
        /// `locsim export`'s input and options (before `--to`).
        var arguments: [String]
        var formats: [String]
        /// What this case covers that no other does.
        var covers: String
        /// The fixture (`Fixtures/features.gpx`) copied under ``hostileStem`` and exported there.
        var hostileCopy = false

        var testDescription: String { name }
    }

    static let everyFormat = ExportFormatRegistry.builtIn.names

    static let cases: [Case] = [
        Case(
            name: "osaka", arguments: ["osaka"], formats: everyFormat,
            covers: "one point (one simctl set, one devicectl coordinate, a geojson Point track), an untimed "
                + "track's 2001-01-01 clock, a push script with no push"),
        Case(
            name: "franklin-la", arguments: ["franklin-la"], formats: everyFormat,
            covers: "a timed drive whose speed varies (a call per point, each after its pause), "
                + "a push (.apns file and script), a place with an advisory"),
        Case(
            name: "franklin-la-delivered", arguments: ["franklin-la", "--fixes", "delivered"],
            formats: ["xcode-gpx"], covers: "--fixes delivered: the positions the engine reported, noise included"),
        Case(
            name: "owm-onecall", arguments: ["owm-onecall"],
            formats: ["xcode-gpx", "android-gpx", "simctl", "devicectl"],
            covers: "a drive that jumps (playback.interval 0): no densifying, a hold point before each jump "
                + "in the GPX formats, a set per point in the scripts"),
        Case(
            name: "i10-throttle", arguments: ["i10-throttle"], formats: ["simctl"],
            covers: "a track at one speed: one simctl start, its waypoints on stdin"),
        Case(
            name: "authorization-denied", arguments: ["authorization-denied"], formats: ["geojson"],
            covers: "events before the first place (the track's events)"),
        Case(
            name: "features",
            arguments: [hostileStem + ".gpx", "--providers", "none", "--loop", "2", "--distance-filter", "none"],
            formats: everyFormat.filter { $0 != "apns" },
            covers: "elevations, a pause, two laps, every fix delivered (filterRadius null), and a name to escape",
            hostileCopy: true),
    ]

    @Test(arguments: cases)
    func eachCaseMatchesItsGoldens(_ golden: Case) throws {
        let files = try Self.export(golden)
        let folder = Self.goldens.appendingPathComponent(golden.name)
        if GoldenFile.isWriting() { try? FileManager.default.removeItem(at: folder) }
        for file in files {
            if let problem = GoldenFile.problem(
                file.data, golden: folder.appendingPathComponent(file.name), filter: "ExportGoldenTests")
            {
                Issue.record(Comment(rawValue: problem))
            }
        }
        // No golden is left over from a file the case no longer writes.
        let committed = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        #expect(committed.sorted() == files.map(\.name), "\(folder.path)")
    }

    /// The hostile name still gives well-formed files: both GPX validate, the GeoJSON parses.
    @Test func theEscapedNameKeepsEveryFileWellFormed() throws {
        let features = try #require(Self.cases.first { $0.hostileCopy })
        let directory = try ExportRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for file in try Self.export(features) {
            try file.data.write(to: URL(fileURLWithPath: directory + "/" + file.name))
        }
        for name in ["hostile-name.gpx", "hostile-name.android.gpx"] {
            let run = ExportRun.run(["validate", directory + "/" + name])
            #expect(run.status == .success, "\(name): \(run.stdout) \(run.stderr)")
        }
        let geojson = try String(contentsOfFile: directory + "/hostile-name.geojson", encoding: .utf8)
        #expect(throws: Never.self) { try JSONValue.parse(geojson) }
        #expect(geojson.contains(#""source":"a&b <c> \"d\" 'e' --$(touch PWNED).gpx""#))
    }

    /// Every golden folder is a case's (and `Help/`, `ExportCommandTests`' own).
    @Test func everyGoldenFolderIsACase() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.goldens.path).sorted()
        #expect(folders == (Self.cases.map(\.name) + ["Help"]).sorted())
    }

    /// Every format covered by some case, and every case's formats registered.
    @Test func everyFormatHasGoldens() {
        #expect(Set(Self.cases.flatMap(\.formats)) == Set(Self.everyFormat))
    }

    /// The files `golden` exports, sorted, the hostile stem written `hostile-name`.
    static func export(_ golden: Case) throws -> [(name: String, data: Data)] {
        let output = try ExportRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: output) }
        var directory = ExportRun.repository.path
        if golden.hostileCopy {
            directory = output + "/input"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: fixtures.appendingPathComponent("features.gpx").path,
                toPath: directory + "/" + hostileStem + ".gpx")
        }
        let files = output + "/files"
        try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
        for format in golden.formats {
            let run = ExportRun.run(
                ["export"] + golden.arguments
                    + ["--to", format, "--bundle-id", bundleID, "--device", device, "-o", files],
                in: directory)
            #expect(run.status == .success, "\(golden.name) --to \(format): \(run.stderr)")
        }
        return try ExportRun.files(in: files).map { file in
            (file.name.replacingOccurrences(of: hostileStem, with: "hostile-name"), file.data)
        }.sorted { $0.name < $1.name }
    }

    /// The golden `name` of case `folder`.
    static func golden(_ name: String, in folder: String) -> Data? {
        FileManager.default.contents(atPath: goldens.appendingPathComponent(folder).appendingPathComponent(name).path)
    }
}
