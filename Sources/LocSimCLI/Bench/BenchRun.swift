import Foundation
import LocSimBench
import LocSimGPX
import LocSimGeocoding
import LocSimLocationCore
import LocSimSupport

/// One `locsim bench` run: each step measured `repeats` times, the fastest reported.
struct BenchRun {
    let context: CommandContext
    let points: Int
    let track: String
    let repeats: Int
    let clock = ContinuousClock()

    func run() throws -> ExitCode {
        let out = context.stdout
        let bytes = try prepareTrack()
        out.write(lines: "locsim bench: \(track) (\(points) points, \(megabytes(bytes)) MB), best of \(repeats)\n\n")
        out.write(lines: pad("step", 36) + pad("seconds", 10) + pad("points/s", 14) + pad("MB/s", 9) + "vs SAX\n")

        let sax = try best { try GPXBenchmark.measureBareSAXLoop(fileAt: track, points: points, clock: clock) }
        row(
            "bare libxml2 SAX2 loop (baseline)", seconds: sax.seconds, points: points, bytes: bytes,
            baseline: sax.seconds)
        let reader = try best { try GPXBenchmark.measureReader(fileAt: track, clock: clock) }
        row(
            "GPX reader (every point + time)", seconds: reader.seconds, points: reader.points, bytes: bytes,
            baseline: sax.seconds)

        let replayArguments = [ChildProcess.currentExecutable, "replay", track, "--interval", "0", "--format", "jsonl"]
        let replay = try bestChild(replayArguments)
        row(
            "replay --interval 0 --format jsonl", seconds: replay.seconds, points: points, bytes: bytes,
            baseline: sax.seconds)
        if let prefix = ChildProcess.oneCorePrefix {
            // The replay parses on a thread of its own beside playback; confined to one core
            // (taskset) it shows what that parallelism is worth.
            let oneCore = try bestChild(prefix + replayArguments)
            row(
                "  the same, confined to one core", seconds: oneCore.seconds, points: points, bytes: bytes,
                baseline: sax.seconds)
        }
        if let xmllint = xmllintStream() {
            row("xmllint --stream --noout", seconds: xmllint, points: points, bytes: bytes, baseline: sax.seconds)
        }

        try gapRows()

        let engine = EngineBenchmark.run(fixes: points, repeats: repeats, clock: clock)
        out.write(
            lines: "\nengine (accuracy model + distance filter, in memory): \(rate(engine.fixesPerSecond)) fixes/s\n")
        var white = LocationEngine.Configuration()
        white.noiseModel = .white
        let whiteEngine = EngineBenchmark.run(fixes: points, configuration: white, repeats: repeats, clock: clock)
        out.write(lines: "  the same with --noise white: \(rate(whiteEngine.fixesPerSecond)) fixes/s\n")
        do {
            let gazetteer = try GazetteerBenchmark.run(lookups: 200_000, seed: 0, clock: clock)
            out.write(
                lines:
                    "offline gazetteer: load \(formatMilliseconds(gazetteer.loadSeconds)) ms (\(gazetteer.places) places), "
                    + "\(rate(gazetteer.lookupsPerSecond)) lookups/s\n")
        } catch {
            out.write(lines: "offline gazetteer: \(error)\n")
        }
        out.write(
            lines:
                "replay process: " + String(format: "%.3f", replay.cpuSeconds)
                + " s CPU (user + system, both threads) for "
                + String(format: "%.3f", replay.seconds) + " s wall; peak resident memory "
                + "\(megabytes(replay.peakResidentBytes, decimals: 1)) MiB\n")
        let wait = try Self.httpWaitLine(deadline: 5, clock: context.clock)
        out.write(lines: wait)
        out.write(lines: try Self.urlProtocolLines(repeats: repeats))
        out.write(
            lines:
                "\ntargets: reader ≤ 2× SAX (\(ratio(reader.seconds, sax.seconds))), replay ≤ 2.5× SAX "
                + "(\(ratio(replay.seconds, sax.seconds))), replay peak < 32 MiB "
                + "(\(megabytes(replay.peakResidentBytes, decimals: 1)) MiB)\n")
        return .success
    }

    /// `URLProtocol replay: bare stub 41.0 µs/request; cassette of 10: 48.2 µs (1.18×), of 1000: 48.9 µs (1.19×)`.
    static func urlProtocolLines(repeats: Int) throws -> String {
        let result = try URLProtocolBenchmark.run(repeats: repeats, directory: NSTemporaryDirectory())
        let stub = result.stubMicroseconds
        let rows = result.cassette.map {
            "of \($0.interactions): " + String(format: "%.1f µs (%.2f×)", $0.microseconds, $0.microseconds / stub)
        }
        return "URLProtocol replay (\(result.requests) requests through URLSession): bare stub "
            + String(format: "%.1f", stub) + " µs/request; cassette " + rows.joined(separator: ", ")
            + " (target ≤ 1.5×, flat in cassette size)\n"
    }

    /// `locsim bench --http-wait s`: only the idle-wait row.
    static func httpWait(deadline: Double, context: CommandContext) throws -> ExitCode {
        context.stdout.write(lines: try httpWaitLine(deadline: deadline, clock: context.clock))
        return .success
    }

    /// `idle HTTP wait (never answered, 5.0 s deadline): 5.001 s wall, 0.004 s CPU (target < 0.2 s)`.
    private static func httpWaitLine(deadline: Double, clock: any WallClock) throws -> String {
        guard let wait = HTTPWaitBenchmark.run(deadline: deadline, clock: clock) else {
            throw CommandFailure(.software, "cannot listen on 127.0.0.1 for the idle HTTP wait")
        }
        return "idle HTTP wait (never answered, \(String(format: "%.1f", deadline)) s deadline): "
            + String(format: "%.3f", wait.seconds) + " s wall, " + String(format: "%.3f", wait.cpuSeconds)
            + " s CPU (target < 0.2 s); \(wait.outcome)\n"
    }

    private func prepareTrack() throws -> Int {
        if let size = (try? FileManager.default.attributesOfItem(atPath: track))?[.size] as? Int, size > 0 {
            return size
        }
        try? FileManager.default.createDirectory(
            atPath: (track as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        context.diagnostics.note("generating \(track) (\(points) points)…")
        do {
            return try GPXBenchmark.writeTrack(to: track, points: points)
        } catch {
            throw CommandFailure(.software, TerminalText(lines: error.description))
        }
    }

    private func best(_ measure: () throws -> GPXBenchmarkResult) throws -> GPXBenchmarkResult {
        var fastest: GPXBenchmarkResult?
        for _ in 0..<repeats {
            let result: GPXBenchmarkResult
            do { result = try measure() } catch { throw CommandFailure(.software, "\(error)" as TerminalText) }
            if fastest == nil || result.seconds < fastest!.seconds { fastest = result }
        }
        return fastest!
    }

    /// The fastest of `repeats` runs of a child process (by wall time); a run that cannot start
    /// or fails is an error.
    /// Replay of 1,000 timed points with a one-year gap beside the same track without it: the
    /// gap is a pause, so the two cost about the same (docs/contract.md, Playback).
    private func gapRows() throws {
        let directory = (track as NSString).deletingLastPathComponent
        var seconds: [Double] = []
        for (name, gap) in [("no-gap", 0.0), ("one-year-gap", 365 * 86_400.0)] {
            let path = directory + "/bench-\(name).gpx"
            do { _ = try GPXBenchmark.writeGapTrack(to: path, gap: gap) } catch {
                throw CommandFailure(.software, TerminalText(lines: error.description))
            }
            let outcome = try bestChild([ChildProcess.currentExecutable, "replay", path, "--format", "jsonl"])
            seconds.append(outcome.seconds)
        }
        context.stdout.write(
            lines:
                "\nreplay of 1,000 timed points (--interval 1): " + String(format: "%.3f", seconds[0]) + " s; "
                + "with a one-year gap between two of them: " + String(format: "%.3f", seconds[1]) + " s\n")
    }

    private func bestChild(_ arguments: [String]) throws -> ChildProcess.Outcome {
        guard let fastest = fastestChild(arguments) else {
            throw CommandFailure(.software, "'\(arguments.joined(separator: " "))' failed")
        }
        return fastest
    }

    /// `xmllint --stream --noout` over the track, when xmllint is installed.
    private func xmllintStream() -> Double? {
        fastestChild(["xmllint", "--stream", "--noout", track])?.seconds
    }

    /// The fastest of `repeats` runs (by wall time), or `nil` as soon as one cannot start or fails.
    private func fastestChild(_ arguments: [String]) -> ChildProcess.Outcome? {
        var fastest: ChildProcess.Outcome?
        for _ in 0..<repeats {
            guard let outcome = ChildProcess.run(arguments, clock: context.clock), outcome.status == 0 else {
                return nil
            }
            if fastest == nil || outcome.seconds < fastest!.seconds { fastest = outcome }
        }
        return fastest
    }

    private func row(_ name: String, seconds: Double, points: Int, bytes: Int, baseline: Double) {
        context.stdout.write(
            lines:
                pad(name, 36) + pad(String(format: "%.3f", seconds), 10) + pad(rate(Double(points) / seconds), 14)
                + pad(String(format: "%.0f", Double(bytes) / 1e6 / seconds), 9) + ratio(seconds, baseline) + "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }

    private func rate(_ value: Double) -> String {
        value >= 1e6 ? String(format: "%.2f M", value / 1e6) : String(format: "%.0f k", value / 1e3)
    }

    private func ratio(_ value: Double, _ baseline: Double) -> String { String(format: "%.2f×", value / baseline) }

    private func megabytes(_ bytes: Int, decimals: Int = 0) -> String {
        String(format: "%.\(decimals)f", Double(bytes) / (decimals == 0 ? 1e6 : 1_048_576))
    }

    /// Milliseconds, to three decimals below 1 ms (a mapped gazetteer loads in ~0.1 ms).
    private func formatMilliseconds(_ seconds: Double) -> String {
        String(format: seconds < 0.001 ? "%.3f" : "%.1f", seconds * 1000)
    }
}
