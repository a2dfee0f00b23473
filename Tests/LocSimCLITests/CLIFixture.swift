import Foundation
import LocSimCLI
import LocSimLocationCore
import LocSimSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A temporary working directory for running real commands in memory: files are written into
/// it and `locsim` runs with it as its current directory, so paths can be given as typed.
struct CLIFixture {
    let directory: String

    init() throws {
        directory =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("locsim-cli-\(UUID().uuidString)", isDirectory: true).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// Removes the directory, after checking that every SVG map a command wrote in it parses
    /// (issue 24 item 2: a map once carried a raw `<AERIS_CLIENT_ID>` placeholder).
    func remove(sourceLocation: SourceLocation = #_sourceLocation) {
        let files = FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []
        for file in files where file.hasSuffix(".svg") {
            guard let data = FileManager.default.contents(atPath: directory + "/" + file), !data.isEmpty else {
                continue
            }
            do {
                _ = try XMLDocument(data: data, options: [])
            } catch {
                Issue.record("\(file) is not well-formed XML: \(error)", sourceLocation: sourceLocation)
            }
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs `body` with a new fixture holding `franklin.gpx` (one waypoint in Franklin, LA), and
    /// removes it afterwards.
    static func withFranklin<Result>(_ body: (CLIFixture) throws -> Result) throws -> Result {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(ReplayCommandServicesTests.franklin, to: "franklin.gpx")
        return try body(fixture)
    }

    /// Writes `text` at `path` (relative to the directory, subdirectories created).
    func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: directory).appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: directory + "/" + path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs `locsim arguments` with the registered commands, in memory.
    func run(
        _ arguments: [String], environment: [String: String] = [:], clock: ManualWallClock = ManualWallClock(),
        stderrIsTerminal: Bool = false
    ) -> RunOutcome {
        let stdout = MemoryOutput()
        let stderr = MemoryOutput(isTerminal: stderrIsTerminal)
        let context = CommandContext(
            stdout: stdout, stderr: stderr, environment: environment, currentDirectory: directory, clock: clock)
        let status = LocSim.run(arguments: arguments, context: context)
        return RunOutcome(status: status, stdout: stdout.text, stderr: stderr.text)
    }

    /// 2024-01-01T00:00:00Z.
    static let epoch = 1_704_067_200.0

    /// A GPX 1.1 document around `body`.
    static func gpx(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="locsim tests" xmlns="http://www.topografix.com/GPX/1/1">
        \(body)
        </gpx>
        """
    }

    /// `<tag lat lon>[<time>]</tag>`; `time` in seconds after ``epoch``.
    static func point(_ tag: String, _ coordinate: Coordinate, time: Double? = nil) -> String {
        let lat = String(format: "%.10f", coordinate.latitude)
        let lon = String(format: "%.10f", coordinate.longitude)
        let stamp = time.flatMap { ISO8601Timestamp.format(epochSeconds: epoch + $0) }
        return "<\(tag) lat=\"\(lat)\" lon=\"\(lon)\">" + (stamp.map { "<time>\($0)</time>" } ?? "") + "</\(tag)>"
    }

    /// A track of `count` points `spacing` metres apart going north from `start`, `step` s apart
    /// (untimed when `step` is nil).
    static func track(
        from start: Coordinate = Coordinate(latitude: 29.7960, longitude: -91.5012), count: Int, spacing: Double,
        step: Double? = 1
    ) -> String {
        let points = (0..<count).map { index in
            point(
                "trkpt", Geodesic.wgs84.direct(from: start, azimuth: 0, distance: Double(index) * spacing).coordinate,
                time: step.map { Double(index) * $0 })
        }
        return gpx("<trk><trkseg>\n" + points.joined(separator: "\n") + "\n</trkseg></trk>")
    }
}

extension RunOutcome {
    /// Stdout split into lines (without the final empty one).
    var stdoutLines: [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The `event` of every stdout line (a transcript).
    var events: [String] {
        stdoutLines.compactMap { line in
            line.firstMatch(of: /"event":"([^"]*)"/).map { String($0.1) }
        }
    }

    /// The `t` of every line with event `name`.
    func times(of name: String) -> [String] {
        stdoutLines.filter { $0.contains(#""event":"\#(name)""#) }.compactMap { line in
            line.firstMatch(of: /"t":([0-9.]+)/).map { String($0.1) }
        }
    }
}
