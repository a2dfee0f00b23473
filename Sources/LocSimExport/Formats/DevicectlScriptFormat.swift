import LocSimLocationCore
public import LocSimSupport

/// `devicectl`: a POSIX shell script that plays the track on a physical iOS 17+ device with
/// `xcrun devicectl device simulate location` (`--device`, a UDID or name as `xcrun devicectl
/// list devices` shows; required, since `booted` names only a Simulator).
///
/// Each point is one `coordinate --device D --latitude=… --longitude=…` call after its pause, as
/// the `simctl` script plays a track whose speed varies (devicectl has no `start`: a track at one
/// speed is played the same way). The script clears the simulated location (`… simulate location
/// clear`) when it ends, fails or is interrupted (`trap`), so the device gets its own back;
/// `LOCSIM_KEEP=1` leaves the last point in place at the end. `LOCSIM_RATE` divides the sleeps.
public struct DevicectlScriptFormat: ExportFormat {
    public init() {}

    public var name: String { "devicectl" }
    public var summary: String {
        "Shell script that plays the track on an iOS 17+ device with 'xcrun devicectl'."
    }

    public func validate(_ options: ExportOptions) throws(ExportError) {
        guard !options.device.isEmpty, options.device != "booted" else {
            throw ExportError(
                .usage,
                "'--to devicectl' requires '--device <udid>' (a connected device, as 'xcrun devicectl list devices' "
                    + "shows; 'booted' names only a Simulator).")
        }
    }

    public func export(_ input: ExportInput, options: ExportOptions) throws(ExportError) -> [ExportFile] {
        try validate(options)
        // Each call holds the position until the next: no hold points; a jump is a plain step.
        let points = try ExportTrack.points(input, options: options).filter { !$0.isHold }
        let fileName = input.name + ".devicectl.sh"
        let duration = points.last!.t - points.first!.t
        var text = ShellPrelude.text(
            title: "\(input.source): \(points.count) point(s) over \(ExportText.decimal(duration)) s "
                + "(\(options.fixes.rawValue) fixes, at most \(options.maxStep) apart)",
            usage: "sh \(ShellQuote.quote(fileName))", device: options.device, target: .device)
        text += """
            # The simulated location is cleared at the end, on a failure and on an interrupt
            # (LOCSIM_KEEP=1 leaves the last point in place at the end).
            keep="${LOCSIM_KEEP:-0}"
            clear_location() {
              xcrun devicectl device simulate location clear --device "$device"
            }
            trap 'exit 130' INT
            trap 'exit 143' TERM
            trap clear_location EXIT

            """
        text += Self.coordinate(points[0])
        for (previous, point) in zip(points, points.dropFirst()) {
            text += "pause \(ExportText.decimal(point.t - previous.t))\n"
            text += Self.coordinate(point)
        }
        text += "if [ \"$keep\" = 1 ]; then trap - EXIT; fi\n"
        return [ExportFile(name: fileName, text: text, isExecutable: true)]
    }

    /// The call that puts the device at `point`.
    static func coordinate(_ point: ExportPoint) -> String {
        "xcrun devicectl device simulate location coordinate --device \"$device\" "
            + "--latitude=\(ExportText.degrees(point.coordinate.latitude)) "
            + "--longitude=\(ExportText.degrees(point.coordinate.longitude))\n"
    }
}
