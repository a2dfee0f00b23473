import Foundation
import LocSimGPX
import LocSimGeocoding
import LocSimLocationCore
import LocSimSupport

/// `locsim bench`: parse, engine, gazetteer and end-to-end replay throughput on a generated
/// 1,000,000-point track, each beside a bare libxml2 SAX2 loop over the same file measured in
/// the same run (machines are noisy: compare ratios, not seconds).
enum BenchCommand: LocSimCommand {
    static let spec = CommandSpec(
        name: "bench",
        abstract: "Measure parse, engine, geocoder and replay throughput against a bare libxml2 loop.",
        discussion: "Generates a deterministic timed track (1,000,000 points, about 100 MB) unless it exists, then "
            + "times a bare libxml2 SAX2 loop over it (the baseline), the GPX reader, the location engine, the "
            + "offline gazetteer, and a whole 'locsim replay --interval 0 --format jsonl' process (its peak memory "
            + "from wait4), and replaying through LocSimURLProtocol against a bare URLProtocol stub. Use a release build: swift run -c release locsim bench.",
        options: [
            .option("--points", value: "n", help: "Points in the generated track.", default: "1000000"),
            .option(
                "--track", value: "file", help: "Where the generated track is kept.",
                default: "bench-data/track-1m.gpx"),
            .option("--repeat", value: "n", help: "Runs of each timed step; the fastest counts.", default: "3"),
            .option(
                "--http-wait", value: "s",
                help: "Only measure the CPU time of one live request to a server that never answers, s seconds "
                    + "deadline."),
            .flag(
                "--urlprotocol",
                help: "Only measure replaying through LocSimURLProtocol (10- and 1,000-interaction cassettes) "
                    + "against a bare URLProtocol stub."),
        ]
    )

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        guard let points = try parsed.int("--points"), points >= 2 else {
            throw parsed.usageError("'--points' must be at least 2.")
        }
        guard let repeats = try parsed.int("--repeat"), repeats >= 1 else {
            throw parsed.usageError("'--repeat' must be at least 1.")
        }
        if parsed.isSpecified("--http-wait") {
            guard let deadline = try parsed.double("--http-wait"), deadline > 0, deadline <= 600 else {
                throw parsed.usageError("'--http-wait' must be from 0 to 600 seconds.")
            }
            return try BenchRun.httpWait(deadline: deadline, context: context)
        }
        if parsed.isSpecified("--urlprotocol") {
            context.stdout.write(lines: try BenchRun.urlProtocolLines(repeats: repeats))
            return .success
        }
        let track = context.absolutePath(parsed.string("--track") ?? "bench-data/track-1m.gpx")
        let bench = BenchRun(context: context, points: points, track: track, repeats: repeats)
        return try bench.run()
    }
}
