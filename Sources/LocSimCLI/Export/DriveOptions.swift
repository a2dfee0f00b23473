import LocSimExport
import LocSimLocationCore
import LocSimPush
import LocSimReplay
import LocSimSettingsTable
import LocSimSupport

/// `--drive simctl[:DEVICE]` and `--bundle-id`, the flags `replay` takes to drive a Simulator,
/// and their checks: usage with the other flags (64), then, once the input is found, `xcrun` on
/// `PATH` (69), before anything runs.
enum DriveOptions {
    static let options: [OptionSpec] = [
        .option(
            "--drive", value: "simctl[:device]",
            help: "With --realtime: also set the Simulator's location per raw fix and send each push "
                + "(device default: booted).")
        // `--bundle-id` is the settings table's row (`push.bundleID`, also the APNs topic).
    ]

    /// What `--drive` asks for: the device and the app.
    struct Request {
        var device: String
        var bundleID: String?

        /// The drive, once `xcrun` is found on `PATH` (else 69, before anything runs).
        func start(_ context: CommandContext, runner: any ProcessRunner) throws -> SimctlDrive {
            guard let xcrun = runner.locate("xcrun") else {
                throw CommandFailure(
                    .unavailable,
                    "--drive simctl needs 'xcrun' (Xcode's command line tools, macOS), and there is none on PATH")
            }
            if bundleID == nil {
                context.diagnostics.note("--drive without --bundle-id: pushes are not sent to the Simulator")
            }
            return SimctlDrive(
                device: device, bundleID: bundleID, runner: runner, xcrun: xcrun, diagnostics: context.diagnostics)
        }
    }

    /// The drive the flags ask for, `nil` without `--drive`; mistakes are usage errors.
    /// `--bundle-id` without `--drive` needs a `--push-endpoint` whose sink in `pushSinks` takes
    /// it (``PushSinkPlugin/needsBundleID``: `apns`).
    static func request(_ parsed: ParsedCommand, pushSinks: PushSinkRegistry) throws(UsageError) -> Request? {
        guard let value = parsed.string("--drive") else {
            let sink = parsed.string("--push-endpoint").flatMap {
                PushSinkName(rawValue: String($0.prefix { $0 != "=" }))
            }
            if parsed.isSpecified("--bundle-id"), sink.flatMap({ pushSinks[$0]?.needsBundleID }) != true {
                let takers = pushSinks.names.filter { pushSinks[$0]?.needsBundleID == true }.map {
                    "'--push-endpoint \($0)'"
                }
                throw parsed.usageError(
                    "'--bundle-id' requires \(ListText.joined(["'--drive'"] + takers))."
                )
            }
            return nil
        }
        let parts = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts[0] == "simctl", parts.count == 1 || !parts[1].isEmpty else {
            let closest = parts[0] == "simctl" ? nil : parts[0].closest(among: ["simctl"])
            let suggestion = closest.map { " Did you mean '\($0)'?" } ?? ""
            throw parsed.usageError(
                "The value '\(value)' is invalid for '--drive <simctl[:device]>'. "
                    + "Expected simctl or simctl:DEVICE.\(suggestion)")
        }
        if !parsed.flag("--realtime") { throw parsed.usageError("'--drive' requires '--realtime'.") }
        return Request(device: parts.count == 2 ? parts[1] : "booted", bundleID: parsed.string("--bundle-id"))
    }
}
