import LocSimExport
import LocSimLocationCore
import LocSimPush
import LocSimReplay
import LocSimSupport

/// `--drive simctl[:DEVICE]|devicectl:DEVICE` and `--bundle-id`, the flags `replay` takes to
/// drive a Simulator or a device, and their checks: usage with the other flags (64), then, once
/// the input is found, `xcrun` on `PATH` (69), before anything runs.
enum DriveOptions {
    static let options: [OptionSpec] = [
        .option(
            "--drive", value: "simctl[:device]|devicectl:device",
            help: "With --realtime: also set the Simulator's location per raw fix and send each push "
                + "(device default: booted), or a connected iOS 17+ device's (no pushes).")
        // `--bundle-id` is the settings table's row (`push.bundleID`, also the APNs topic).
    ]

    /// What `--drive` asks for: the Simulator or device, and the app.
    struct Request {
        var target: DriveTarget
        var bundleID: String?

        /// The drive, once `xcrun` is found on `PATH` (else 69, before anything runs).
        func start(_ context: CommandContext, runner: any ProcessRunner) throws -> XcrunDrive {
            guard let xcrun = runner.locate("xcrun") else {
                throw CommandFailure(
                    .unavailable,
                    "--drive \(target.tool) needs 'xcrun' (Xcode's command line tools, macOS), and there is none on PATH"
                )
            }
            if bundleID == nil, case .simulator = target {
                context.diagnostics.note("--drive without --bundle-id: pushes are not sent to the Simulator")
            }
            let diagnostics = context.diagnostics
            return XcrunDrive(target: target, bundleID: bundleID, runner: runner, xcrun: xcrun) { message in
                switch message {
                case .error(let text): diagnostics.error(TerminalText(text))
                case .note(let text): diagnostics.note(TerminalText(text))
                }
            }
        }
    }

    /// The drive the flags ask for, `nil` without `--drive`; mistakes are usage errors.
    /// `--bundle-id` without `--drive`, or with `--drive devicectl` (a device gets no pushes from
    /// `xcrun`), needs a `--push-endpoint` whose sink in `pushSinks` takes it
    /// (``PushSinkPlugin/needsBundleID``: `apns`).
    static func request(_ parsed: ParsedCommand, pushSinks: PushSinkRegistry) throws(UsageError) -> Request? {
        guard let value = parsed.string("--drive") else {
            if parsed.isSpecified("--bundle-id"), !sinkTakesBundleID(parsed, pushSinks: pushSinks) {
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
        let tools = ["simctl", "devicectl"]
        let device = parts.count == 2 && !parts[1].isEmpty ? parts[1] : nil
        let target: DriveTarget
        switch (parts[0], device) {
        case ("simctl", _) where parts.count == 1 || device != nil: target = .simulator(device ?? "booted")
        case ("devicectl", let device?): target = .device(device)
        default:
            let closest = tools.contains(parts[0]) ? nil : parts[0].closest(among: tools)
            let suggestion = closest.map { " Did you mean '\($0)'?" } ?? ""
            throw parsed.usageError(
                "The value '\(value)' is invalid for '--drive <simctl[:device]|devicectl:device>'. "
                    + "Expected simctl, simctl:DEVICE or devicectl:DEVICE.\(suggestion)")
        }
        if !parsed.flag("--realtime") { throw parsed.usageError("'--drive' requires '--realtime'.") }
        let bundleID = parsed.string("--bundle-id")
        if case .device = target, bundleID != nil, !sinkTakesBundleID(parsed, pushSinks: pushSinks) {
            throw parsed.usageError(
                "'--bundle-id' does nothing with '--drive devicectl': xcrun cannot send a device pushes "
                    + "(they come from APNs: '--push-endpoint apns').")
        }
        return Request(target: target, bundleID: bundleID)
    }

    /// Whether the `--push-endpoint` sink takes `--bundle-id` (``PushSinkPlugin/needsBundleID``).
    static func sinkTakesBundleID(_ parsed: ParsedCommand, pushSinks: PushSinkRegistry) -> Bool {
        let sink = parsed.string("--push-endpoint").flatMap { PushSinkName(rawValue: String($0.prefix { $0 != "=" })) }
        return sink.flatMap { pushSinks[$0]?.needsBundleID } == true
    }
}
