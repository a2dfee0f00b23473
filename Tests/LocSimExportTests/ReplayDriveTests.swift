import Foundation
import LocSimExport
import LocSimLocationCore
import LocSimSimulation
import Testing

@testable import LocSimCLI

/// `locsim replay … --realtime --drive simctl[:DEVICE] --bundle-id ID` and `--drive
/// devicectl:DEVICE` end to end against a fake `xcrun` on `PATH` (argv and time logged), and
/// ``XcrunDrive`` with an injected runner.
@Suite(.serialized) struct ReplayDriveTests {
    static let replay = ["replay", "Waypoints/franklin-la.gpx", "--format", "jsonl", "--realtime"]

    @Test func setsTheLocationPerRawFixAndSendsEachPushAtTheRate() throws {
        let xcrun = try FakeXcrun()
        defer { xcrun.remove() }
        let rate = 100.0
        let start = Date().timeIntervalSince1970
        let run = ExportRun.run(
            Self.replay + ["--rate", "\(Int(rate))", "--drive", "simctl:ABCD-1234", "--bundle-id", "com.example.app"],
            environment: ["PATH": xcrun.path], clock: SystemWallClock())
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stderr == "")
        // The transcript is the replay's own: driving adds nothing when every call succeeds.
        let plain = ExportRun.run(["replay", "Waypoints/franklin-la.gpx", "--format", "jsonl"])
        #expect(run.stdout == plain.stdout)

        let calls = xcrun.calls()
        let gpx = ExportRun.run(["export", "Waypoints/franklin-la.gpx", "--to", "xcode-gpx"]).stdout
        let positions = SimctlScriptTests.waypoints(gpx)
        #expect(positions.count == 220)
        let sets = calls.filter { $0.arguments.starts(with: ["simctl", "location"]) }
        #expect(sets.map(\.arguments) == positions.map { ["simctl", "location", "ABCD-1234", "set", $0] })
        // The push (at t = 0, after the first fix's place and advisory) comes between the first
        // and the second fix, with its payload file.
        #expect(calls.count == 221)
        let push = calls[1].arguments
        #expect(push.prefix(4) == ["simctl", "push", "ABCD-1234", "com.example.app"])
        #expect(push.count == 5 && push[4].hasSuffix("/push-1.apns"))
        #expect(!FileManager.default.fileExists(atPath: push[4]), "the push files are removed at the end")
        // 219 s of track at ×100, paced against the replay's start (a late call does not delay
        // the rest): fix i (at i s) is set no earlier than i / 100 s after the test launched the
        // replay. (Measured from the first call, a first call slowed by a loaded machine made
        // the later ones look early.)
        for (index, call) in sets.enumerated() {
            #expect(call.time - start >= Double(index) / rate, "fix \(index)")
        }
        #expect((sets.last?.time ?? 0) - start >= 219 / rate)
    }

    @Test func failingCallsBecomeEventsAndAMessage() throws {
        let xcrun = try FakeXcrun(exitStatus: 3)
        defer { xcrun.remove() }
        let run = ExportRun.run(
            Self.replay + ["--rate", "1000", "--drive", "simctl", "--bundle-id", "com.example.app"],
            environment: ["PATH": xcrun.path], clock: SystemWallClock())
        #expect(run.status == .success)
        #expect(
            run.stderr == """
                error: xcrun simctl location set failed on device 'booted' (exit 3): xcrun: simulated failure; \
                is the Simulator booted? ('xcrun simctl list devices booted')
                note: 221 xcrun simctl calls failed (simctl_error events)

                """)
        let errors = run.stdout.split(separator: "\n").filter { $0.contains(#""event":"simctl_error""#) }
        #expect(errors.count == 221)
        #expect(
            errors.first
                == #"{"command":"location set","event":"simctl_error","message":"xcrun: simulated failure","status":3,"t":0.000}"#
        )
        #expect(errors.contains { $0.contains(#""command":"push""#) })
        #expect(errors.last?.contains(#""t":219.000"#) == true)
    }

    @Test func withoutXcrunItExits69BeforeAnythingRuns() throws {
        let directory = try ExportRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = ExportRun.run(
            Self.replay + ["--drive", "simctl"], environment: ["PATH": directory], clock: ManualWallClock())
        #expect(run.status == .unavailable)
        #expect(run.stdout == "")
        #expect(
            run.stderr
                == "error: --drive simctl needs 'xcrun' (Xcode's command line tools, macOS), and there is none on PATH\n"
        )
    }

    /// Usage errors come first (64), then a missing input (66), then a missing `xcrun` (69).
    @Test func usageAndMissingInputComeBeforeTheXcrunCheck() {
        let noXcrun = ["PATH": "/nonexistent"]
        let usage = ExportRun.run(Self.replay + ["--drive", "simctl", "--seed", "x"], environment: noXcrun)
        #expect(usage.status == .usage)
        let missing = ExportRun.run(
            ["replay", "no-such.gpx", "--realtime", "--drive", "simctl"], environment: noXcrun)
        #expect(missing.status == .noInput)
        #expect(missing.stderr == "no-such.gpx: error: no such file or directory\n")
    }

    @Test(arguments: [
        (["--drive", "simctl"], "Error: '--drive' requires '--realtime'."),
        (["--bundle-id", "com.example.app"], "Error: '--bundle-id' requires '--drive' or '--push-endpoint apns'."),
        (
            ["--realtime", "--drive", "simclt"],
            "Error: The value 'simclt' is invalid for '--drive <simctl[:device]|devicectl:device>'. Expected simctl, "
                + "simctl:DEVICE or devicectl:DEVICE. Did you mean 'simctl'?"
        ),
        (
            ["--realtime", "--drive", "simctl:"],
            "Error: The value 'simctl:' is invalid for '--drive <simctl[:device]|devicectl:device>'. Expected simctl, "
                + "simctl:DEVICE or devicectl:DEVICE."
        ),
        (
            ["--realtime", "--drive", "devicectl"],
            "Error: The value 'devicectl' is invalid for '--drive <simctl[:device]|devicectl:device>'. Expected simctl, "
                + "simctl:DEVICE or devicectl:DEVICE."
        ),
        (
            ["--realtime", "--drive", "devicectl:ABCD", "--bundle-id", "com.example.app"],
            "Error: '--bundle-id' does nothing with '--drive devicectl': xcrun cannot send a device pushes "
                + "(they come from APNs: '--push-endpoint apns')."
        ),
    ])
    func badDriveFlagsAreUsageErrors(arguments: [String], message: String) {
        let run = ExportRun.run(["replay", "Waypoints/franklin-la.gpx"] + arguments)
        #expect(run.status == .usage)
        #expect(run.stderr.hasPrefix(message + "\n"))
    }

    /// The drive against an injected runner: each raw fix waits for its instant, then one call.
    @Test func theDriveWaitsForEachFixThenCallsTheRunner() {
        let runner = RecordingRunner(status: 0)
        var said: [XcrunDrive.Message] = []
        let drive = XcrunDrive(
            target: .simulator("booted"), bundleID: nil, runner: runner, xcrun: "/fake/xcrun",
            say: { said.append($0) })
        var waits: [Double] = []
        var emitted: [TranscriptLine] = []
        let fixes = [
            RawFix(t: 0, coordinate: Coordinate(latitude: 1, longitude: 2)),
            RawFix(t: 1.5, coordinate: Coordinate(latitude: -1.25, longitude: 3)),
        ]
        for fix in fixes {
            drive.rawFix(fix, wait: { waits.append($0) }, emit: { emitted.append($0) })
        }
        // Without a bundle ID pushes are not sent.
        drive.line(
            TranscriptLine(t: 2, notification: BusNotification(name: .push, userInfo: ["payload": #"{"aps":{}}"#])),
            emit: { emitted.append($0) })
        drive.finish()
        #expect(waits == [0, 1.5])
        #expect(
            runner.calls == [
                ["/fake/xcrun", "simctl", "location", "booted", "set", "1.000000,2.000000"],
                ["/fake/xcrun", "simctl", "location", "booted", "set", "-1.250000,3.000000"],
            ])
        #expect(emitted.isEmpty)
        #expect(said.isEmpty)
    }
}

extension ReplayDriveTests {
    static let udid = "00008110-000A1B2C3D4E5F60"

    /// A device: a `coordinate` call per raw fix at its instant, no push, then `clear`.
    @Test func aDeviceGetsACoordinatePerRawFixThenClear() throws {
        let xcrun = try FakeXcrun()
        defer { xcrun.remove() }
        let rate = 100.0
        let start = Date().timeIntervalSince1970
        let run = ExportRun.run(
            Self.replay + ["--rate", "\(Int(rate))", "--drive", "devicectl:" + Self.udid],
            environment: ["PATH": xcrun.path], clock: SystemWallClock())
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stderr == "")
        let plain = ExportRun.run(["replay", "Waypoints/franklin-la.gpx", "--format", "jsonl"])
        #expect(run.stdout == plain.stdout)
        let positions = SimctlScriptTests.waypoints(
            ExportRun.run(["export", "Waypoints/franklin-la.gpx", "--to", "xcode-gpx"]).stdout)
        let calls = xcrun.calls()
        #expect(
            calls.map(\.arguments)
                == positions.map { DevicectlScriptTests.coordinate($0, device: Self.udid) }
                + [DevicectlScriptTests.clear(device: Self.udid)])
        // Paced against the replay's start, which comes after `start`.
        for (index, call) in calls.dropLast().enumerated() {
            #expect(call.time - start >= Double(index) / rate, "fix \(index)")
        }
    }

    /// Failures are `devicectl_error` events, with the device's hint; a failed clear is printed.
    @Test func aDevicesFailingCallsBecomeDevicectlErrors() throws {
        let xcrun = try FakeXcrun(exitStatus: 3)
        defer { xcrun.remove() }
        let run = ExportRun.run(
            Self.replay + ["--rate", "1000", "--drive", "devicectl:" + Self.udid],
            environment: ["PATH": xcrun.path], clock: SystemWallClock())
        #expect(run.status == .success)
        #expect(
            run.stderr == """
                error: xcrun devicectl location set failed on device '\(Self.udid)' (exit 3): xcrun: simulated \
                failure; is the device connected, unlocked and in Developer Mode? ('xcrun devicectl list devices')
                error: xcrun devicectl location clear failed on device '\(Self.udid)' (exit 3): xcrun: simulated \
                failure; the device may keep the simulated location until it is cleared
                note: 221 xcrun devicectl calls failed (devicectl_error events)

                """)
        let errors = run.stdout.split(separator: "\n").filter { $0.contains(#""event":"devicectl_error""#) }
        #expect(errors.count == 220)
        #expect(
            errors.first
                == #"{"command":"location set","event":"devicectl_error","message":"xcrun: simulated failure","status":3,"t":0.000}"#
        )
    }

    @Test func withoutXcrunTheDeviceDriveExits69() throws {
        let directory = try ExportRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = ExportRun.run(
            Self.replay + ["--drive", "devicectl:" + Self.udid], environment: ["PATH": directory],
            clock: ManualWallClock())
        #expect(run.status == .unavailable)
        #expect(
            run.stderr
                == "error: --drive devicectl needs 'xcrun' (Xcode's command line tools, macOS), and there is none on PATH\n"
        )
    }
}

/// A ``ProcessRunner`` that records every call and answers `status`.
final class RecordingRunner: ProcessRunner, @unchecked Sendable {
    // Unsynchronised: the drive calls it from one thread only in these tests.
    private(set) var calls: [[String]] = []
    let status: Int32

    init(status: Int32) { self.status = status }

    func locate(_ program: String) -> String? { "/fake/" + program }

    func run(_ executable: String, _ arguments: [String]) -> ProcessOutcome {
        calls.append([executable] + arguments)
        return ProcessOutcome(status: status, stderr: status == 0 ? "" : "failed\n")
    }
}
