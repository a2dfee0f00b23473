import Foundation
import LocSimCanonicalJSON
package import LocSimLocationCore
package import LocSimSimulation
import LocSimSupport

/// `replay --realtime --drive simctl[:DEVICE]|devicectl:DEVICE [--bundle-id ID]`: while the
/// replay is paced against the wall clock, sets the location of the ``DriveTarget`` for each raw
/// fix (`xcrun simctl location DEVICE set lat,lon`, or `xcrun devicectl device simulate location
/// coordinate --device DEVICE --latitude=… --longitude=…`) and sends each push to a Simulator
/// (`xcrun simctl push DEVICE BUNDLE FILE`), so the app's own CoreLocation and the transcript see
/// the same drive. A device's simulated location is cleared at the end (``finish()``).
///
/// A failing call becomes a `simctl_error` (`devicectl_error`) event {command, status, message}
/// in the transcript at the fix's or push's time; the first failure is also printed on stderr,
/// and at the end how many there were. The raw fixes come from the replay's own drive, with
/// their instants.
package final class XcrunDrive {
    /// What the drive has to say on stderr: the first failure (an error), the clear that failed
    /// (an error), how many calls failed (a note).
    package enum Message: Sendable, Hashable {
        case error(String)
        case note(String)
    }

    package let target: DriveTarget
    package let bundleID: String?
    private let runner: any ProcessRunner
    private let xcrun: String
    private let say: (Message) -> Void
    private var pushes = 0
    private var failures = 0
    private var pushDirectory: String?

    /// A drive of `target` through the `xcrun` at `xcrun`, run by `runner`; what it has to say
    /// goes to `say`.
    package init(
        target: DriveTarget, bundleID: String?, runner: any ProcessRunner, xcrun: String,
        say: @escaping (Message) -> Void
    ) {
        self.target = target
        self.bundleID = bundleID
        self.runner = runner
        self.xcrun = xcrun
        self.say = say
    }

    /// The next raw fix: waits for its instant (`wait`), then sets the target there.
    package func rawFix(_ fix: RawFix, wait: (Double) -> Void, emit: (TranscriptLine) -> Void) {
        let (t, coordinate) = (fix.t, fix.coordinate)
        wait(t)
        call(target.locationArguments(coordinate), what: "location set", t: t, emit: emit)
    }

    /// A transcript line: a `push` is sent to a Simulator (with `--bundle-id`; a device gets none).
    package func line(_ line: TranscriptLine, emit: (TranscriptLine) -> Void) {
        guard case .simulator(let device) = target, line.notification.name == .push, let bundleID,
            case .object(var payload)? = line.json["payload"]
        else { return }
        pushes += 1
        payload["Simulator Target Bundle"] = .string(bundleID)
        let file: String
        do {
            file = try pushFile(number: pushes, contents: JSONValue.object(payload).pretty() + "\n")
        } catch {
            fail("push", status: -1, message: "cannot write the push file: \(error)", t: line.t, emit: emit)
            return
        }
        call(["simctl", "push", device, bundleID, file], what: "push", t: line.t, emit: emit)
    }

    /// Clears a device's simulated location (a failure is printed, not emitted: the transcript
    /// has ended), removes the push files and says how many calls failed.
    package func finish() {
        if let clear = target.clearArguments {
            let outcome = runner.run(xcrun, clear)
            if outcome.status != 0 {
                failures += 1
                say(
                    .error(
                        "xcrun \(target.tool) location clear failed on device '\(target.device)' (exit \(outcome.status)): \(Self.firstLine(outcome.stderr)); the device may keep the simulated location until it is cleared"
                    ))
            }
        }
        if let pushDirectory { try? FileManager.default.removeItem(atPath: pushDirectory) }
        if failures > 1 {
            say(.note("\(failures) xcrun \(target.tool) calls failed (\(target.errorEvent.rawValue) events)"))
        }
    }

    private func call(_ arguments: [String], what: String, t: Double, emit: (TranscriptLine) -> Void) {
        let outcome = runner.run(xcrun, arguments)
        guard outcome.status != 0 else { return }
        fail(what, status: outcome.status, message: Self.firstLine(outcome.stderr), t: t, emit: emit)
    }

    private static func firstLine(_ stderr: String) -> String {
        stderr.split(separator: "\n").first.map(String.init) ?? "no message"
    }

    private func fail(_ what: String, status: Int32, message: String, t: Double, emit: (TranscriptLine) -> Void) {
        failures += 1
        if failures == 1 {
            say(
                .error(
                    "xcrun \(target.tool) \(what) failed on device '\(target.device)' (exit \(status)): \(message); \(target.hint)"
                ))
        }
        emit(
            TranscriptLine(
                t: t,
                notification: BusNotification(
                    name: target.errorEvent, userInfo: ["command": what, "status": String(status), "message": message]))
        )
    }

    private func pushFile(number: Int, contents: String) throws -> String {
        let directory: String
        if let pushDirectory {
            directory = pushDirectory
        } else {
            directory =
                FileManager.default.temporaryDirectory.appendingPathComponent(
                    "locsim-drive-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
                ).path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            pushDirectory = directory
        }
        let path = directory + "/push-\(number).apns"
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
