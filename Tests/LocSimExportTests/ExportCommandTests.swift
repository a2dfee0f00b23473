import Foundation
import LocSimCLI
import LocSimCanonicalJSON
import LocSimTesting
import Testing

/// `locsim export`'s help, bad input and file handling.
@Suite struct ExportCommandTests {
    static let helpGolden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/Help/export.txt")

    @Test func helpMatchesItsGolden() throws {
        let run = ExportRun.run(["export", "--help"])
        #expect(run.status == .success)
        #expect(run.stderr == "")
        if let problem = GoldenFile.problem(run.stdout, golden: Self.helpGolden, filter: "ExportCommandTests") {
            Issue.record(Comment(rawValue: problem))
        }
        #expect(ExportRun.run(["help", "export"]).stdout == run.stdout)
    }

    @Test func anUnknownFormatIsAUsageErrorWithASuggestion() {
        let run = ExportRun.run(["export", "Waypoints/franklin-la.gpx", "--to", "xcode-gxp"])
        #expect(run.status == .usage)
        #expect(
            run.stderr == """
                Error: The value 'xcode-gxp' is invalid for '--to <format>'. Please provide one of 'xcode-gpx', \
                'simctl', 'apns', 'geojson', 'android-gpx' and 'devicectl'. Did you mean 'xcode-gpx'?
                Usage: locsim export [<options>] <input> --to <format>
                  See 'locsim export --help' for more information.

                """)
        #expect(run.stdout == "")
    }

    /// `-o` naming a file the export reads is refused before anything is written: `export
    /// TRACK.gpx -o DIR` with the track in DIR replaced the track with its own export, and a
    /// scenario exported into its `Waypoints/` replaced the scenario's track (found by an attack run).
    @Test(arguments: [
        ["export", "franklin-la.gpx", "--to", "xcode-gpx", "-o", "."],
        ["export", "franklin-la.gpx", "--to", "xcode-gpx", "-o", "franklin-la.gpx"],
        ["export", "franklin-la.gpx", "--to", "xcode-gpx", "-o", "link.gpx"],
        ["export", "franklin-la", "--to", "xcode-gpx", "-o", "Waypoints"],
    ])
    func anOutputThatIsAnInputIsRefused(arguments: [String]) throws {
        let directory = try ExportRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let original = try String(
            contentsOfFile: ExportRun.repository.path + "/Waypoints/franklin-la.gpx", encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory + "/Waypoints", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: ExportRun.repository.path + "/Recordings", toPath: directory + "/Recordings")
        for path in ["franklin-la.gpx", "Waypoints/franklin-la.gpx"] {
            try original.write(toFile: directory + "/" + path, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/link.gpx", withDestinationPath: "franklin-la.gpx")
        let run = ExportRun.run(arguments, in: directory)
        #expect(run.status == .ioError, "\(run.stderr)")
        #expect(run.stderr.contains(": error: is a file this export reads; it is not replaced (nothing was written)"))
        for path in ["franklin-la.gpx", "Waypoints/franklin-la.gpx"] {
            #expect(try String(contentsOfFile: directory + "/" + path, encoding: .utf8) == original, "\(path)")
        }
    }

    @Test func apnsWithoutABundleIDIsAUsageError() throws {
        let directory = try ExportRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = ExportRun.run(["export", "franklin-la", "--to", "apns", "-o", directory])
        #expect(run.status == .usage)
        #expect(run.stderr.hasPrefix("Error: '--to apns' requires '--bundle-id <id>' (the app the pushes target).\n"))
        #expect(try ExportRun.files(in: directory).isEmpty)
    }

    @Test func apnsWithoutAnOutputDirectoryIsAUsageError() {
        let run = ExportRun.run(["export", "franklin-la", "--to", "apns", "--bundle-id", "com.example.app"])
        #expect(run.status == .usage)
        #expect(run.stderr.hasPrefix("Error: '--to apns' writes several files: give '-o <dir>'.\n"))
    }

    @Test(arguments: [
        ["--to", "xcode-gpx", "-o", "no/such/dir/track.gpx"], ["--to", "geojson", "-o", "no-such-dir/"],
        ["--to", "apns", "--bundle-id", "com.example.app", "-o", "no-such-dir"],
    ])
    func aMissingOutputDirectoryIsMissingInput(arguments: [String]) throws {
        let directory = try ExportRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let track = ExportRun.repository.path + "/Waypoints/franklin-la.gpx"
        let run = ExportRun.run(["export", track] + arguments, in: directory)
        #expect(run.status == .noInput)
        #expect(run.stderr.hasPrefix("error: no such directory: no"))
        #expect(try ExportRun.files(in: directory).isEmpty)
    }

    @Test func aMissingInputIsMissingInputWithASuggestion() {
        let run = ExportRun.run(["export", "franklin-al", "--to", "geojson"])
        #expect(run.status == .noInput)
        #expect(
            run.stderr
                == "error: no such GPX file or scenario: franklin-al (a scenario is a folder with scenario.json) "
                + "Did you mean 'franklin-la'?\n")
    }

    @Test func aScenarioBringsItsOwnSettings() {
        let run = ExportRun.run(["export", "franklin-la", "--to", "geojson", "--seed", "3"])
        #expect(run.status == .usage)
        #expect(
            run.stderr.hasPrefix(
                "Error: '--seed' cannot be combined with a scenario: its settings come from its scenario.json.\n"))
    }

    @Test func aBrokenScenarioOrCassetteIsADataErrorWordedCompilerStyle() throws {
        let directory = try ExportRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let manager = FileManager.default
        for name in ["bad", "broken"] {
            try manager.createDirectory(atPath: directory + "/Recordings/\(name)", withIntermediateDirectories: true)
        }
        try Data(#"{"version":1,"track":"t.gpx","engine":{"seed":1}}"#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/Recordings/bad/scenario.json"))
        try Data(#"{"version":1,"track":"t.gpx"}"#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/Recordings/broken/scenario.json"))
        try Data(#"{"interactions": ["#.utf8).write(
            to: URL(fileURLWithPath: directory + "/Recordings/broken/cassette.json"))
        let bad = ExportRun.run(["export", "bad", "--to", "geojson"], in: directory)
        #expect(bad.status == .dataError)
        #expect(bad.stderr.hasPrefix("Recordings/bad/scenario.json:1:47: error: unknown key 'engine.seed'"))
        let broken = ExportRun.run(["export", "Recordings/broken/", "--to", "geojson"], in: directory)
        #expect(broken.status == .dataError)
        #expect(broken.stderr.hasPrefix("Recordings/broken/cassette.json:1:"))
    }

    @Test func aBadMaxStepNamesTheOption() {
        let run = ExportRun.run(["export", "franklin-la", "--to", "xcode-gpx", "--max-step", "10km"])
        #expect(run.status == .usage)
        #expect(run.stderr.hasPrefix("Error: The value '10km' is invalid for '--max-step <step>'."))
    }

    @Test func deliveredFixesOfAReplayThatDeliversNoneAreADataError() {
        let run = ExportRun.run(["export", "authorization-denied", "--to", "xcode-gpx", "--fixes", "delivered"])
        #expect(run.status == .dataError)
        #expect(
            run.stderr
                == "error: Waypoints/franklin-la.gpx: the replay delivered no fixes; try '--fixes raw'\n")
        #expect(run.stdout == "")
    }

    @Test func withoutOutputASingleFileGoesToStandardOutput() throws {
        let run = ExportRun.run(["export", "franklin-la", "--to", "xcode-gpx"])
        #expect(run.status == .success)
        #expect(run.stderr == "")
        let golden = ExportGoldenTests.golden("franklin-la.gpx", in: "franklin-la")
        #expect(golden != nil)
        #expect(Data(run.stdout.utf8) == golden)
    }

    @Test func existingFilesAreReplacedAtomicallyAndScriptsAreExecutable() throws {
        let directory = try ExportRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = directory + "/franklin-la.simctl.sh"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: script))
        let before = try FileManager.default.attributesOfItem(atPath: script)[.systemFileNumber] as? Int
        let run = ExportRun.run(["export", "franklin-la", "--to", "simctl", "-o", directory])
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stderr == "note: wrote \(directory)/franklin-la.simctl.sh\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: script)
        // Renamed over, not rewritten in place: a new inode, never a half-written file.
        #expect(attributes[.systemFileNumber] as? Int != before)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o111 == 0o111 } == true)
        #expect(try ExportRun.files(in: directory).map(\.name) == ["franklin-la.simctl.sh"])
        #expect(FileManager.default.contents(atPath: script).map { String(decoding: $0, as: UTF8.self) } != "old\n")
    }

    /// Every `.apns` file parses back to the push's payload plus the target bundle, within
    /// APNs' 4096 bytes.
    @Test(arguments: ["franklin-la", "houston-new-orleans-i10", "buffalo-ny"])
    func apnsFilesParseBackToThePushes(scenario: String) throws {
        let directory = try ExportRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = ExportRun.run(["export", scenario, "--to", "apns", "--bundle-id", "com.example.app", "-o", directory])
        #expect(run.status == .success, "\(run.stderr)")
        let transcript = try String(
            contentsOf: ExportRun.repository.appendingPathComponent("Recordings/\(scenario)/expected.jsonl"),
            encoding: .utf8)
        let pushes = try transcript.split(separator: "\n").map { try JSONValue.parse(String($0)) }
            .filter { $0["event"]?.stringValue == "push" }
        let files = try ExportRun.files(in: directory).filter { $0.name.hasSuffix(".apns") }
        #expect(files.count == pushes.count)
        #expect(!files.isEmpty)
        for (file, push) in zip(files, pushes) {
            let json = try JSONValue.parse(utf8: Array(file.data))
            #expect(json["Simulator Target Bundle"]?.stringValue == "com.example.app")
            guard case .object(var members) = json else {
                Issue.record("\(file.name) is not an object")
                continue
            }
            members["Simulator Target Bundle"] = nil
            #expect(JSONValue.object(members) == push["payload"])
            #expect(JSONValue.object(members).compact().utf8.count <= 4096)
            #expect(members["aps"]?["alert"]?.stringValue == push["alert"]?.stringValue)
            let t = push["t"]?.doubleValue ?? -1
            #expect(file.name.hasSuffix("-t\(t == t.rounded() ? String(Int(t)) : String(t))s.apns"))
        }
    }
}
