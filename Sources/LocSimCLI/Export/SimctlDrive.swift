import Foundation
import LocSimCanonicalJSON
import LocSimLocationCore
import LocSimSimulation
import LocSimSupport

/// `replay --realtime --drive simctl[:DEVICE] [--bundle-id ID]`: while the replay is paced
/// against the wall clock, sets the Simulator's location for each raw fix (`xcrun simctl
/// location DEVICE set lat,lon`) and sends each push (`xcrun simctl push DEVICE BUNDLE FILE`),
/// so the app's own CoreLocation and the transcript see the same drive.
///
/// A failing call becomes a `simctl_error` event {command, status, message} in the transcript at
/// the fix's or push's time; the first failure is also printed on stderr, and at the end how many
/// there were. The raw fixes come from the replay's own drive, with their instants.
final class SimctlDrive {
    /// The transcript event a failed call becomes.
    static let errorEvent: NotificationName = "simctl_error"

    let device: String
    let bundleID: String?
    private let runner: any ProcessRunner
    private let xcrun: String
    private let diagnostics: Diagnostics
    private var pushes = 0
    private var failures = 0
    private var pushDirectory: String?

    init(device: String, bundleID: String?, runner: any ProcessRunner, xcrun: String, diagnostics: Diagnostics) {
        self.device = device
        self.bundleID = bundleID
        self.runner = runner
        self.xcrun = xcrun
        self.diagnostics = diagnostics
    }

    /// The next raw fix: waits for its instant (`wait`), then sets the Simulator there.
    func rawFix(_ fix: RawFix, wait: (Double) -> Void, emit: (TranscriptLine) -> Void) {
        let (t, coordinate) = (fix.t, fix.coordinate)
        wait(t)
        let position =
            formatFixed(coordinate.latitude, decimals: 6) + "," + formatFixed(coordinate.longitude, decimals: 6)
        call(["simctl", "location", device, "set", position], what: "location set", t: t, emit: emit)
    }

    /// A transcript line: a `push` is sent to the Simulator (with `--bundle-id`).
    func line(_ line: TranscriptLine, emit: (TranscriptLine) -> Void) {
        guard line.notification.name == .push, let bundleID, case .object(var payload)? = line.json["payload"]
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

    /// Removes the push files and says how many calls failed.
    func finish() {
        if let pushDirectory { try? FileManager.default.removeItem(atPath: pushDirectory) }
        if failures > 1 { diagnostics.note("\(failures) xcrun simctl calls failed (simctl_error events)") }
    }

    private func call(_ arguments: [String], what: String, t: Double, emit: (TranscriptLine) -> Void) {
        let outcome = runner.run(xcrun, arguments)
        guard outcome.status != 0 else { return }
        let message = outcome.stderr.split(separator: "\n").first.map(String.init) ?? "no message"
        fail(what, status: outcome.status, message: message, t: t, emit: emit)
    }

    private func fail(_ what: String, status: Int32, message: String, t: Double, emit: (TranscriptLine) -> Void) {
        failures += 1
        if failures == 1 {
            diagnostics.error(
                "xcrun simctl \(what) failed on device '\(device)' (exit \(status)): \(message); "
                    + "is the Simulator booted? ('xcrun simctl list devices booted')" as TerminalText)
        }
        emit(
            TranscriptLine(
                t: t,
                notification: BusNotification(
                    name: Self.errorEvent, userInfo: ["command": what, "status": String(status), "message": message])))
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
