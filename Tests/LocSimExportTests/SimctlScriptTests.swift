import Foundation
import LocSimCLI
import Testing

/// The exported scripts, run by `/bin/sh` against a fake `xcrun` that logs its argv and time.
@Suite(.serialized) struct SimctlScriptTests {
    /// `lat,lon` of every `<wpt>` of an exported xcode-gpx, with its time in seconds.
    static func waypoints(_ gpx: String) -> [String] {
        gpx.matches(of: /<wpt lat="([-0-9.]+)" lon="([-0-9.]+)">/).map { "\($0.1),\($0.2)" }
    }

    @Test func aTimedTrackIsASetPerPointPacedAtTheRate() throws {
        let xcrun = try FakeXcrun()
        defer { xcrun.remove() }
        let export = ExportRun.run([
            "export", "franklin-la", "--to", "simctl", "--device", "iPhone 17", "-o", xcrun.directory,
        ])
        #expect(export.status == .success, "\(export.stderr)")
        let rate = 100.0
        let run = try FakeXcrun.sh(
            xcrun.directory + "/franklin-la.simctl.sh", environment: ["PATH": xcrun.path, "LOCSIM_RATE": "\(rate)"])
        #expect(run.status == 0, "\(run.stderr)")

        let gpx = ExportRun.run(["export", "franklin-la", "--to", "xcode-gpx"]).stdout
        let expected = Self.waypoints(gpx)
        let calls = xcrun.calls()
        #expect(expected.count == 220)
        #expect(calls.map { $0.arguments } == expected.map { ["simctl", "location", "iPhone 17", "set", $0] })
        // 219 s of track at ×100: the sleeps alone take 2.19 s; each call after the first waits
        // at least its step (1 s / 100).
        let elapsed = (calls.last?.time ?? 0) - (calls.first?.time ?? 0)
        #expect(elapsed >= 219 / rate - 0.01, "elapsed \(elapsed)")
        for (previous, call) in zip(calls, calls.dropFirst()) {
            #expect(call.time - previous.time >= 1 / rate - 0.002)
        }
    }

    @Test func aTrackAtOneSpeedIsOneStartWithTheWaypointsOnStdin() throws {
        let xcrun = try FakeXcrun()
        defer { xcrun.remove() }
        let export = ExportRun.run(["export", "i10-throttle", "--to", "simctl", "-o", xcrun.directory])
        #expect(export.status == .success, "\(export.stderr)")
        let run = try FakeXcrun.sh(
            xcrun.directory + "/i10-throttle.simctl.sh", environment: ["PATH": xcrun.path, "LOCSIM_RATE": "4"])
        #expect(run.status == 0, "\(run.stderr)")
        let calls = xcrun.calls()
        #expect(
            calls.map { $0.arguments } == [
                ["simctl", "location", "booted", "start", "--speed=100.000", "--interval=1", "-"]
            ])
        let gpx = ExportRun.run(["export", "i10-throttle", "--to", "xcode-gpx"]).stdout
        #expect(xcrun.stdin == Self.waypoints(gpx).joined(separator: "\n") + "\n")
    }

    @Test func theScriptsSayWhenXcrunIsMissing() throws {
        let directory = try ExportRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let export = ExportRun.run([
            "export", "franklin-la", "--to", "apns", "--bundle-id", "com.example.app", "-o", directory,
        ])
        #expect(export.status == .success)
        #expect(ExportRun.run(["export", "franklin-la", "--to", "simctl", "-o", directory]).status == .success)
        for script in ["franklin-la-push.sh", "franklin-la.simctl.sh"] {
            let run = try FakeXcrun.sh(directory + "/" + script, environment: ["PATH": "/usr/bin:/bin"])
            #expect(run.status == 69)
            #expect(
                run.stderr == "error: xcrun not found: this script drives the iOS Simulator and needs Xcode (macOS)\n")
        }
    }

    @Test func thePushScriptSendsEveryFileInOrderAtItsTime() throws {
        let xcrun = try FakeXcrun()
        defer { xcrun.remove() }
        let export = ExportRun.run([
            "export", "buffalo-ny", "--to", "apns", "--bundle-id", "com.example.app", "-o", xcrun.directory,
        ])
        #expect(export.status == .success, "\(export.stderr)")
        let files = try ExportRun.files(in: xcrun.directory).map(\.name).filter { $0.hasSuffix(".apns") }
        #expect(files.count == 5)  // the pushes of Recordings/buffalo-ny/expected.jsonl
        let rate = 1000.0
        let run = try FakeXcrun.sh(
            xcrun.directory + "/buffalo-ny-push.sh",
            environment: ["PATH": xcrun.path, "LOCSIM_RATE": "\(rate)", "LOCSIM_DEVICE": "ABCD-1234"])
        #expect(run.status == 0, "\(run.stderr)")
        let calls = xcrun.calls()
        #expect(
            calls.map { $0.arguments }
                == files.map { ["simctl", "push", "ABCD-1234", "com.example.app", xcrun.directory + "/" + $0] })
        let times = files.compactMap { name in name.firstMatch(of: /-t([0-9.]+)s\.apns/).flatMap { Double($0.1) } }
        for ((previous, call), (t0, t1)) in zip(zip(calls, calls.dropFirst()), zip(times, times.dropFirst())) {
            #expect(call.time - previous.time >= (t1 - t0) / rate - 0.002)
        }
    }
}
