import LocSimLocationCore
public import LocSimSupport

/// `simctl`: a POSIX shell script that plays the track on a Simulator with `xcrun simctl
/// location` (`--device`, default `booted`).
///
/// - One point: `set` once.
/// - A track at one speed (every step within 2 % of the mean, as untimed tracks played at
///   `--speed` are): one `start --speed=S --interval=I` with the points as waypoints (on stdin
///   when there are more than ``argumentLimit``); simctl moves the device itself.
/// - Otherwise (timed tracks whose speed varies): a `set` per point with the right sleeps.
///
/// `LOCSIM_RATE` speeds it up: sleeps are divided by it, `start`'s speed multiplied.
public struct SimctlScriptFormat: ExportFormat {
    public init() {}

    public var name: String { "simctl" }
    public var summary: String { "Shell script that plays the track with 'xcrun simctl location'." }

    /// Waypoints passed as arguments up to this many; beyond, on stdin.
    public static let argumentLimit = 16
    /// How far a step's speed may be from the mean for `start` to play the track.
    public static let speedTolerance = 0.02

    public func export(_ input: ExportInput, options: ExportOptions) throws(ExportError) -> [ExportFile] {
        // `set` holds a position until the next one: no hold points; a jump is a plain step.
        let points = try ExportTrack.points(input, options: options).filter { !$0.isHold }
        let fileName = input.name + ".simctl.sh"
        let duration = points.last!.t - points.first!.t
        var text = ShellPrelude.text(
            title: "\(input.source): \(points.count) point(s) over \(ExportText.decimal(duration)) s "
                + "(\(options.fixes.rawValue) fixes, at most \(options.maxStep) apart)",
            usage: "sh \(ShellQuote.quote(fileName))", device: options.device)
        if points.count == 1 {
            text += "xcrun simctl location \"$device\" set \(Self.waypoint(points[0]))\n"
        } else if !points.contains(where: \.followsJump), let speed = Self.constantSpeed(points) {
            let interval = duration / Double(points.count - 1)
            text += "# One speed throughout: simctl moves the device along the waypoints itself.\n"
            text +=
                "speed=\"$(awk -v s=\(ExportText.decimal(speed)) -v r=\"$rate\" 'BEGIN { printf \"%.3f\", s * r }')\"\n"
            text +=
                "xcrun simctl location \"$device\" start --speed=\"$speed\" --interval=\(ExportText.decimal(interval))"
            if points.count <= Self.argumentLimit {
                text += " \\\n  " + points.map(Self.waypoint).joined(separator: " \\\n  ") + "\n"
            } else {
                text += " - <<'WAYPOINTS'\n" + points.map(Self.waypoint).joined(separator: "\n") + "\nWAYPOINTS\n"
            }
        } else {
            text += "xcrun simctl location \"$device\" set \(Self.waypoint(points[0]))\n"
            for (previous, point) in zip(points, points.dropFirst()) {
                text += "pause \(ExportText.decimal(point.t - previous.t))\n"
                text += "xcrun simctl location \"$device\" set \(Self.waypoint(point))\n"
            }
        }
        return [ExportFile(name: fileName, text: text, isExecutable: true)]
    }

    /// `lat,lon` as simctl takes it.
    static func waypoint(_ point: ExportPoint) -> String {
        ExportText.degrees(point.coordinate.latitude) + "," + ExportText.degrees(point.coordinate.longitude)
    }

    /// The mean speed in m/s when every step moves at it (within ``speedTolerance``), else `nil`.
    static func constantSpeed(_ points: [ExportPoint], geodesic: Geodesic = .wgs84) -> Double? {
        var steps: [(distance: Double, duration: Double)] = []
        for (a, b) in zip(points, points.dropFirst()) {
            steps.append((geodesic.distance(from: a.coordinate, to: b.coordinate), b.t - a.t))
        }
        let distance = steps.reduce(0) { $0 + $1.distance }
        let duration = steps.reduce(0) { $0 + $1.duration }
        guard distance > 0, duration > 0 else { return nil }
        let mean = distance / duration
        let steady = steps.allSatisfy { step in
            step.distance > 0 && abs(step.distance / step.duration - mean) <= mean * Self.speedTolerance
        }
        return steady ? mean : nil
    }
}
