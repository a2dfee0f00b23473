import Foundation
import LocSimCLI
import Testing

/// The `devicectl` script, run by `/bin/sh` against a fake `xcrun` that logs its argv and time
/// (``FakeXcrun``): a `coordinate` call per point at the `simctl` script's pace, then `clear`, also
/// after a failure or an interrupt. Not run against a real device: what `devicectl` itself
/// accepts is checked only on a Mac (docs/export.md).
@Suite(.serialized) struct DevicectlScriptTests {
    static let device = "00008110-000A1B2C3D4E5F60"

    static func coordinate(_ position: String, device: String = device) -> [String] {
        let parts = position.split(separator: ",").map(String.init)
        return [
            "devicectl", "device", "simulate", "location", "coordinate", "--device", device,
            "--latitude=" + parts[0], "--longitude=" + parts[1],
        ]
    }

    static func clear(device: String = device) -> [String] {
        ["devicectl", "device", "simulate", "location", "clear", "--device", device]
    }

    /// Exports `input` as a devicectl script into `directory`; its path.
    static func export(_ input: String, into directory: String) -> String {
        let run = ExportRun.run(["export", input, "--to", "devicectl", "--device", device, "-o", directory])
        #expect(run.status == .success, "\(run.stderr)")
        return directory + "/" + input + ".devicectl.sh"
    }

    @Test func aCoordinatePerPointPacedAtTheRateThenClear() throws {
        let xcrun = try FakeXcrun()
        defer { xcrun.remove() }
        let script = Self.export("franklin-la", into: xcrun.directory)
        let rate = 100.0
        let run = try FakeXcrun.sh(script, environment: ["PATH": xcrun.path, "LOCSIM_RATE": "\(rate)"])
        #expect(run.status == 0, "\(run.stderr)")

        // The same points, in the same order, as the Xcode GPX and the simctl script.
        let positions = SimctlScriptTests.waypoints(
            ExportRun.run(["export", "franklin-la", "--to", "xcode-gpx"]).stdout)
        #expect(positions.count > 100)
        let calls = xcrun.calls()
        #expect(calls.map(\.arguments) == positions.map { Self.coordinate($0) } + [Self.clear()])
        // The simctl script's timing: each call after the first waits at least its step / rate.
        let sets = calls.dropLast()
        let first = sets.first?.time ?? 0
        #expect((sets.last?.time ?? 0) - first >= 219 / rate - 0.01)
        for (previous, call) in zip(sets, sets.dropFirst()) {
            #expect(call.time - previous.time >= 1 / rate - 0.002)
        }
    }

    @Test func onePointIsOneCoordinateAndKeepLeavesItInPlace() throws {
        let xcrun = try FakeXcrun()
        defer { xcrun.remove() }
        let script = Self.export("osaka", into: xcrun.directory)
        let cleared = try FakeXcrun.sh(script, environment: ["PATH": xcrun.path])
        #expect(cleared.status == 0, "\(cleared.stderr)")
        #expect(xcrun.calls().map(\.arguments) == [Self.coordinate("34.693700,135.502300"), Self.clear()])
        xcrun.clearLog()
        let kept = try FakeXcrun.sh(
            script, environment: ["PATH": xcrun.path, "LOCSIM_KEEP": "1", "LOCSIM_DEVICE": "My iPhone"])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(xcrun.calls().map(\.arguments) == [Self.coordinate("34.693700,135.502300", device: "My iPhone")])
    }

    /// A failing call ends the script (`set -e`) with its status, and the location is still cleared.
    @Test func aFailingCallStillClears() throws {
        let xcrun = try FakeXcrun(failingAfter: 2)
        defer { xcrun.remove() }
        let script = Self.export("franklin-la", into: xcrun.directory)
        let run = try FakeXcrun.sh(script, environment: ["PATH": xcrun.path, "LOCSIM_RATE": "1000"])
        #expect(run.status == FakeXcrun.limitStatus, "\(run.stderr)")
        let calls = xcrun.calls().map(\.arguments)
        #expect(calls.count == 4)
        #expect(calls.prefix(3).allSatisfy { $0.prefix(5) == Self.coordinate("0,0").prefix(5) })
        #expect(calls.last == Self.clear())
    }

    /// An interrupt (SIGINT, as Ctrl-C sends) ends the script with 130, after clearing.
    @Test func anInterruptClearsAndExits130() throws {
        let xcrun = try FakeXcrun()
        defer { xcrun.remove() }
        let script = Self.export("franklin-la", into: xcrun.directory)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [script]
        process.environment = ["PATH": xcrun.path, "LOCSIM_RATE": "10"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while xcrun.calls().count < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
        let calls = xcrun.calls().map(\.arguments)
        #expect(calls.count >= 3 && calls.count < 10, "\(calls.count) calls")
        #expect(calls.last == Self.clear())
        #expect(calls.dropLast().allSatisfy { $0[4] == "coordinate" })
    }

    /// docs/export.md's recipe, line by line, in a folder holding the scenario, against the fake.
    @Test func docsRecipeRuns() throws {
        let docs = try String(
            contentsOf: ExportRun.repository.appendingPathComponent("docs/export.md"), encoding: .utf8)
        let marker = try #require(docs.range(of: "<!-- journey: devicectl-export -->\n```sh\n"))
        let block = docs[marker.upperBound...]
        let end = try #require(block.range(of: "```"))
        let lines = block[..<end.lowerBound].split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let xcrun = try FakeXcrun()
        defer { xcrun.remove() }
        let directory = xcrun.directory + "/repository"
        for path in [
            "Recordings/franklin-la/scenario.json", "Recordings/franklin-la/cassette.json", "Waypoints/franklin-la.gpx",
        ] {
            let target = directory + "/" + path
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: ExportRun.repository.path + "/" + path, toPath: target)
        }
        let words = lines[0].split(separator: " ").map(String.init)
        #expect(words.first == "locsim")
        let export = ExportRun.run(Array(words.dropFirst()), in: directory)
        #expect(export.status == .success, "\(export.stderr)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", lines[1]]
        process.environment = ["PATH": xcrun.path]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let calls = xcrun.calls()
        let positions = SimctlScriptTests.waypoints(
            ExportRun.run(["export", "franklin-la", "--to", "xcode-gpx"]).stdout)
        #expect(calls.map(\.arguments) == positions.map { Self.coordinate($0) } + [Self.clear()])
        // 219 s of track at fifty times its pace.
        let elapsed = (calls.last?.time ?? 0) - (calls.first?.time ?? 0)
        #expect(elapsed >= 219.0 / 50 - 0.05, "elapsed \(elapsed)")
    }

    @Test func theScriptSaysWhenXcrunIsMissing() throws {
        let directory = try ExportRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = Self.export("franklin-la", into: directory)
        let run = try FakeXcrun.sh(script, environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 69)
        #expect(run.stderr == "error: xcrun not found: this script drives an iOS device and needs Xcode (macOS)\n")
    }

    /// `booted` names only a Simulator: the device is required (64, before anything runs).
    @Test(arguments: [[], ["--device", "booted"]])
    func withoutADeviceItIsAUsageError(device: [String]) {
        let run = ExportRun.run(["export", "franklin-la", "--to", "devicectl"] + device)
        #expect(run.status == .usage)
        #expect(
            run.stderr.hasPrefix(
                "Error: '--to devicectl' requires '--device <udid>' (a connected device, as 'xcrun devicectl "
                    + "list devices' shows; 'booted' names only a Simulator).\n"))
        #expect(run.stdout == "")
    }
}
