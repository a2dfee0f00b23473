import Foundation
import LocSimCLI
import Testing

/// issue 34 item 5: `--device` and `--bundle-id` reach the generated scripts single-quoted, so a
/// value that looks like shell code is passed to `xcrun` verbatim, as one argument, and never
/// runs. Every script (`simctl`, `apns`, `devicectl`) of every scenario in `Recordings/` is
/// generated with hostile values and run by `/bin/sh` against a fake `xcrun` that logs its exact
/// argv (``FakeXcrun``).
@Suite(.serialized) struct HostileScriptValueTests {
    /// Values that would run a command, split into words or end the quoting if pasted raw.
    static let hostile = [
        "$(touch PWNED)", "`touch PWNED`", "'; touch PWNED; '", "one\ntouch PWNED\n", "a${IFS}b", "\"$(touch PWNED)\"",
        "x\\'$(touch PWNED)",
    ]
    /// All of them in one value, for the run over every scenario.
    static let combined = hostile.joined(separator: " ")

    /// At most this many calls of a script run for real: the fake fails the next one and the
    /// script stops (`set -e`), so the long tracks (thousands of `set` lines, each one process)
    /// cost what the short ones do. Every line of the script is also checked to be one of the
    /// shapes the formats write (``unexpectedLines(_:)``), so the lines not run cannot differ.
    static let callLimit = 4

    @Test func everyScenarioScriptPassesHostileValuesVerbatim() throws {
        for scenario in ExportEveryInputTests.scenarios {
            let xcrun = try FakeXcrun(failingAfter: Self.callLimit)
            defer { xcrun.remove() }
            let output = xcrun.directory + "/out"
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            for format in ["simctl", "apns", "devicectl"] {
                let export = ExportRun.run([
                    "export", scenario, "--to", format, "--device", Self.combined, "--bundle-id", Self.combined,
                    "-o", output,
                ])
                #expect(export.status == .success, "\(scenario) --to \(format): \(export.stderr)")
            }
            let scripts = try ExportRun.files(in: output).map(\.name).filter { $0.hasSuffix(".sh") }
            #expect(scripts == ["\(scenario)-push.sh", "\(scenario).devicectl.sh", "\(scenario).simctl.sh"])
            for script in scripts {
                let text = try String(contentsOfFile: output + "/" + script, encoding: .utf8)
                #expect(try Self.unexpectedLines(text) == [], "\(scenario)/\(script)")
                xcrun.clearLog()
                let run = try FakeXcrun.sh(
                    output + "/" + script, environment: ["PATH": xcrun.path, "LOCSIM_RATE": "1000000"],
                    in: xcrun.directory)
                let calls = xcrun.calls().map(\.arguments)
                #expect(script.hasSuffix("-push.sh") || !calls.isEmpty, "\(scenario)/\(script)")
                // A devicectl script clears the location also after the failing call.
                let clears = script.hasSuffix(".devicectl.sh") ? 1 : 0
                // The failing call may be the clear itself, when the script has exactly the limit's points.
                #expect(
                    run.status == 0 && calls.count <= Self.callLimit + clears
                        || run.status == FakeXcrun.limitStatus
                            && (calls.count == Self.callLimit + 1 + clears
                                || clears == 1 && calls.count == Self.callLimit + 1),
                    "\(scenario)/\(script): \(run.status) \(run.stderr)")
                if clears == 1 { #expect(calls.last == Self.clear(Self.combined), "\(scenario)/\(script)") }
                for call in calls {
                    #expect(
                        Self.isIntended(call, device: Self.combined, bundle: Self.combined, output: output), "\(call)")
                }
                #expect(Self.planted(in: xcrun.directory) == [], "\(scenario)/\(script)")
            }
        }
    }

    @Test(arguments: hostile)
    func eachHostileValueIsOneArgument(value: String) throws {
        let xcrun = try FakeXcrun()
        defer { xcrun.remove() }
        let output = xcrun.directory + "/out"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        for (input, format) in [("osaka", "simctl"), ("franklin-la", "apns"), ("osaka", "devicectl")] {
            let export = ExportRun.run([
                "export", input, "--to", format, "--device", value, "--bundle-id", value, "-o", output,
            ])
            #expect(export.status == .success, "\(export.stderr)")
        }
        for script in ["osaka.simctl.sh", "franklin-la-push.sh", "osaka.devicectl.sh"] {
            let run = try FakeXcrun.sh(
                output + "/" + script, environment: ["PATH": xcrun.path, "LOCSIM_RATE": "1000000"],
                in: xcrun.directory)
            #expect(run.status == 0, "\(script): \(run.stderr)")
        }
        let calls = xcrun.calls().map(\.arguments)
        #expect(calls.count == 4)
        #expect(calls.first == ["simctl", "location", value, "set", "34.693700,135.502300"])
        #expect(calls.dropFirst().first.map { $0.prefix(4) == ["simctl", "push", value, value] } == true)
        #expect(
            calls.suffix(2) == [
                [
                    "devicectl", "device", "simulate", "location", "coordinate", "--device", value,
                    "--latitude=34.693700", "--longitude=135.502300",
                ],
                Self.clear(value),
            ])
        #expect(Self.planted(in: xcrun.directory) == [])
        // The environment still overrides, with the same care.
        xcrun.clearLog()
        let run = try FakeXcrun.sh(
            output + "/osaka.simctl.sh", environment: ["PATH": xcrun.path, "LOCSIM_DEVICE": value], in: xcrun.directory)
        #expect(run.status == 0)
        #expect(xcrun.calls().map(\.arguments) == [["simctl", "location", value, "set", "34.693700,135.502300"]])
    }

    @Test func theDeviceDriveCallsXcrunWithTheValueAsOneArgumentAndNoShell() throws {
        let xcrun = try FakeXcrun()
        defer { xcrun.remove() }
        let run = ExportRun.run(
            ["replay", "Waypoints/osaka.gpx", "--format", "jsonl", "--realtime", "--rate", "1000"]
                + ["--drive", "devicectl:" + Self.combined],
            environment: ["PATH": xcrun.path], clock: SystemWallClock())
        #expect(run.status == .success, "\(run.stderr)")
        let calls = xcrun.calls().map(\.arguments)
        #expect(calls.count == 2)
        #expect(
            calls.first?.prefix(7) == [
                "devicectl", "device", "simulate", "location", "coordinate", "--device", Self.combined,
            ])
        #expect(calls.last == Self.clear(Self.combined))
        #expect(Self.planted(in: ExportRun.repository.path) == [])
        #expect(Self.planted(in: xcrun.directory) == [])
    }

    @Test func theDriveCallsXcrunWithTheValueAsOneArgumentAndNoShell() throws {
        let xcrun = try FakeXcrun()
        defer { xcrun.remove() }
        let run = ExportRun.run(
            ["replay", "Waypoints/osaka.gpx", "--format", "jsonl", "--realtime", "--rate", "1000"]
                + ["--drive", "simctl:" + Self.combined, "--bundle-id", Self.combined],
            environment: ["PATH": xcrun.path], clock: SystemWallClock())
        #expect(run.status == .success, "\(run.stderr)")
        let calls = xcrun.calls().map(\.arguments)
        #expect(!calls.isEmpty)
        for call in calls {
            #expect(call.count >= 3 && call[2] == Self.combined, "\(call)")
            if call[1] == "push" { #expect(call[3] == Self.combined) }
        }
        #expect(Self.planted(in: ExportRun.repository.path) == [])
        #expect(Self.planted(in: xcrun.directory) == [])
    }

    /// devicectl's call that clears the simulated location of `device`.
    static func clear(_ device: String) -> [String] {
        ["devicectl", "device", "simulate", "location", "clear", "--device", device]
    }

    /// Whether `call` is one a script or the drive makes, with `device` (and `bundle`) verbatim.
    static func isIntended(_ call: [String], device: String, bundle: String, output: String) -> Bool {
        let waypoint = /-?[0-9]+\.[0-9]{6},-?[0-9]+\.[0-9]{6}/
        if call.first == "devicectl" {
            let coordinate =
                Array(call.prefix(7)) == [
                    "devicectl", "device", "simulate", "location", "coordinate", "--device", device,
                ]
            return call == clear(device)
                || coordinate && call.count == 9 && call[7].wholeMatch(of: /--latitude=-?[0-9]+\.[0-9]{6}/) != nil
                    && call[8].wholeMatch(of: /--longitude=-?[0-9]+\.[0-9]{6}/) != nil
        }
        let location = Array(call.prefix(3)) == ["simctl", "location", device]
        switch call.dropFirst(3).first {
        case "set": return call.count == 5 && location && call[4].wholeMatch(of: waypoint) != nil
        case "start":
            return location
                && call.dropFirst(4).allSatisfy {
                    $0.hasPrefix("--") || $0 == "-" || $0.wholeMatch(of: waypoint) != nil
                }
        default:
            return call.count == 5 && Array(call.prefix(4)) == ["simctl", "push", device, bundle]
                && call[4].hasPrefix(output + "/") && call[4].hasSuffix(".apns")
        }
    }

    /// The lines of `script` that are not a shape the formats write: the prelude's own lines, a
    /// comment, `pause N`, an `xcrun simctl` call on `"$device"` with numbers, a waypoint.
    static func unexpectedLines(_ script: String) throws -> [String] {
        let waypoint = #"-?[0-9]+\.[0-9]{6},-?[0-9]+\.[0-9]{6}"#
        let shapes = try [
            #"#.*"#, #"pause [0-9.]+"#, "(  )?" + waypoint + #"( \\)?"#,
            #"xcrun simctl location "\$device" set "# + waypoint,
            #"xcrun simctl location "\$device" start --speed="\$speed" --interval=[0-9.]+( \\| - <<'WAYPOINTS')"#,
            #"speed="\$\(awk -v s=[0-9.]+ -v r="\$rate" 'BEGIN \{ printf "%\.3f", s \* r \}'\)""#,
            #"xcrun simctl push "\$device" "\$bundle" "\$here"/'[A-Za-z0-9._-]+\.apns'"#, "WAYPOINTS",
            #"echo "the replay made no push" >&2"#,
            #"xcrun devicectl device simulate location coordinate --device "\$device" --latitude=-?[0-9]+\.[0-9]{6} --longitude=-?[0-9]+\.[0-9]{6}"#,
        ].map { try Regex($0) }
        let prelude = Set(Self.preludeLines)
        var unexpected: [String] = []
        var quoted = false  // inside a single-quoted value spanning lines (a value with a newline)
        for line in script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if quoted || line.hasPrefix("device='") || line.hasPrefix("bundle='") {
                quoted = !Self.closesQuote(line, opening: !quoted)
                continue
            }
            if line.isEmpty || prelude.contains(line) || shapes.contains(where: { line.wholeMatch(of: $0) != nil }) {
                continue
            }
            unexpected.append(line)
        }
        return unexpected
    }

    /// Whether the single quotes of `line` leave it outside a quote (after `device='`… when
    /// `opening`).
    static func closesQuote(_ line: String, opening: Bool) -> Bool {
        var inside = !opening
        var escaped = false
        for character in line {
            if escaped {
                escaped = false
            } else if character == "\\", !inside {
                escaped = true
            } else if character == "'" {
                inside.toggle()
            }
        }
        return !inside
    }

    static let preludeLines = [
        "#!/bin/sh", "set -eu", #"device="${LOCSIM_DEVICE:-$device}""#, #"bundle="${LOCSIM_BUNDLE_ID:-$bundle}""#,
        #"rate="${LOCSIM_RATE:-1}""#, "if ! command -v xcrun >/dev/null 2>&1; then",
        #"  echo "error: xcrun not found: this script drives the iOS Simulator and needs Xcode (macOS)" >&2"#,
        #"  echo "error: xcrun not found: this script drives an iOS device and needs Xcode (macOS)" >&2"#,
        "  exit 69", "fi", "pause() {", #"  sleep "$(awk -v s="$1" -v r="$rate" 'BEGIN { printf "%.3f", s / r }')""#,
        "}",
        #"here="$(cd "$(dirname "$0")" && pwd)""#,
        // The devicectl script's clearing.
        #"keep="${LOCSIM_KEEP:-0}""#, "clear_location() {",
        #"  xcrun devicectl device simulate location clear --device "$device""#, "trap 'exit 130' INT",
        "trap 'exit 143' TERM", "trap clear_location EXIT", #"if [ "$keep" = 1 ]; then trap - EXIT; fi"#,
    ]

    /// Files a hostile value would have created in `directory`: `PWNED`.
    static func planted(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.contains("PWNED") }
    }
}
