import Foundation
import LocSimCLI
import LocSimTesting
import Testing

/// `locsim test` over the repository's own scenarios, and over temporary copies changed on purpose.
@Suite struct TestCommandTests {
    static let root = RepositoryFixture.root.path

    @Test func everyRepositoryScenarioPassesOffline() {
        let run = CLIRun(["test"], in: Self.root, environment: ["CI": "true"])
        #expect(run.status == .success, "\(run.stdout)\(run.stderr)")
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: RepositoryFixture.recordings.path))?
            .filter { !$0.hasPrefix(".") }.sorted() ?? []
        #expect(names.count >= 12)
        #expect(run.stdout == names.map { "PASS \($0)\n" }.joined() + "\(names.count) passed, 0 failed\n")
    }

    @Test func twoJobsPrintExactlyWhatOneJobPrints() {
        let serial = CLIRun(["test"], in: Self.root)
        let parallel = CLIRun(["test", "--jobs", "2"], in: Self.root)
        #expect(parallel.status == .success)
        #expect(parallel.stdout == serial.stdout)
    }

    @Test func shardsSplitTheSuiteWithoutOverlap() {
        let all = CLIRun(["test"], in: Self.root).stdout.split(separator: "\n").filter { $0.hasPrefix("PASS ") }
        let shards = (1...3).map { CLIRun(["test", "--shard", "\($0)/3"], in: Self.root) }
        #expect(shards.allSatisfy { $0.status == .success })
        let lines = shards.flatMap { $0.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS ") } }
        #expect(lines.sorted() == all.sorted())
    }

    @Test func aChangedExpectationFailsWithTheDiffAndTheCommandThatReblessesIt() throws {
        let repository = try RepositoryFixture.copy(["franklin-la"])
        defer { repository.remove() }
        let expected = try #require(repository.text("franklin-la", "expected.jsonl"))
        try repository.write(
            expected.replacingOccurrences(
                of: "Coastal Flood Advisory\",\"event\":\"push\"", with: "Flood Advisory\",\"event\":\"push\""),
            "franklin-la", "expected.jsonl")

        let run = CLIRun(
            ["test", "--junit", "junit.xml"], in: repository.root.path, environment: ["GITHUB_ACTIONS": "true"])
        #expect(run.status == .failure)
        #expect(
            run.stdout.hasPrefix("FAIL franklin-la: transcript differs from Recordings/franklin-la/expected.jsonl\n"))
        #expect(run.stdout.contains("--- Recordings/franklin-la/expected.jsonl\n+++ actual\n"))
        #expect(run.stdout.contains("\n-{\"alert\":\"Weather Advisory for Franklin, LA:  Flood Advisory\""))
        #expect(run.stdout.contains("\n+{\"alert\":\"Weather Advisory for Franklin, LA:  Coastal Flood Advisory\""))
        #expect(run.stdout.contains("locsim test franklin-la --update"))
        #expect(run.stdout.contains("::error file=Recordings/franklin-la/expected.jsonl,line=5::"))
        #expect(run.stdout.hasSuffix("0 passed, 1 failed\n"))
        let junit = try String(contentsOf: repository.root.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("<testcase classname=\"locsim.scenarios\" name=\"franklin-la\""))
        #expect(junit.contains("<failure"))

        let update = CLIRun(["test", "--update"], in: repository.root.path)
        #expect(update.status == .success)
        #expect(
            update.stdout == "UPDATED franklin-la: wrote Recordings/franklin-la/expected.jsonl\n1 passed, 0 failed\n")
        #expect(repository.text("franklin-la", "expected.jsonl") == expected)
    }

    @Test func aChangedCassetteFailsAndShowsWhatTheRunNowDoes() throws {
        let repository = try RepositoryFixture.copy(["franklin-la"])
        defer { repository.remove() }
        let cassette = try #require(repository.text("franklin-la", "cassette.json"))
        try repository.write(
            cassette.replacingOccurrences(of: "/advisories/franklin,la,us", with: "/advisories/houma,la,us"),
            "franklin-la", "cassette.json")

        let run = CLIRun(["test", "franklin-la"], in: repository.root.path)
        #expect(run.status == .failure)
        #expect(run.stdout.contains("\n-{\"alert\":\"Weather Advisory for Franklin, LA:  Coastal Flood Advisory\""))
        #expect(
            run.stdout.contains(
                "\n+{\"code\":\"not_recorded\",\"event\":\"provider_error\",\"message\":\"no recorded interaction answers GET "
                    + "https://api.aerisapi.com/advisories/franklin,la,us?client_id=<AERIS_CLIENT_ID>&client_secret=<AERIS_CLIENT_SECRET>\""
            ))
    }

    /// Issue 25, item 3: a request the cassette lacks is reported as a miss first (request,
    /// closest, differs, the command that records it), and `--update` does not bless it
    /// unless `--accept-misses` is given.
    @Test func aDeletedInteractionIsAMissNotAChange() throws {
        let repository = try RepositoryFixture.copy(["franklin-la"])
        defer { repository.remove() }
        let cassette = try #require(repository.text("franklin-la", "cassette.json"))
        try repository.write(
            cassette.replacingOccurrences(of: "/advisories/franklin,la,us", with: "/advisories/houma,la,us"),
            "franklin-la", "cassette.json")
        let expected = try #require(repository.text("franklin-la", "expected.jsonl"))

        let run = CLIRun(["test", "franklin-la"], in: repository.root.path)
        #expect(run.status == .failure)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "FAIL franklin-la: a request no recording answers (not_recorded): a miss in "
                + "Recordings/franklin-la/cassette.json, not a change")
        #expect(
            lines.dropFirst().first?.hasPrefix(
                "miss: no recorded interaction answers GET https://api.aerisapi.com/advisories/franklin,la,us?") == true
        )
        #expect(run.stdout.contains("  closest: GET https://api.aerisapi.com/advisories/houma,la,us?"))
        #expect(run.stdout.contains("  searched: Recordings/franklin-la/cassette.json\n"))
        #expect(run.stdout.contains("  differs: path /advisories/franklin,la,us (recorded /advisories/houma,la,us)\n"))
        #expect(run.stdout.contains("  to record it: locsim record franklin-la --mode new-episodes\n"))
        #expect(!run.stdout.contains("To accept the new transcript"))
        #expect(
            run.stdout.contains(
                "To bless the transcript with the miss anyway, run: locsim test franklin-la --update --accept-misses\n")
        )

        let update = CLIRun(["test", "franklin-la", "--update"], in: repository.root.path)
        #expect(update.status == .failure)
        #expect(
            update.stdout.hasPrefix(
                "FAIL franklin-la: not updated: a request no recording answers (not_recorded): a miss in "
                    + "Recordings/franklin-la/cassette.json, not a change\n"))
        #expect(update.stdout.contains("Nothing was written: --update does not bless a miss.\n"))
        #expect(repository.text("franklin-la", "expected.jsonl") == expected)

        let accepted = CLIRun(["test", "franklin-la", "--update", "--accept-misses"], in: repository.root.path)
        #expect(accepted.status == .success)
        #expect(
            accepted.stdout == "UPDATED franklin-la: wrote Recordings/franklin-la/expected.jsonl\n1 passed, 0 failed\n")
        #expect(repository.text("franklin-la", "expected.jsonl")?.contains("\"code\":\"not_recorded\"") == true)

        let usage = CLIRun(["test", "--accept-misses"], in: repository.root.path)
        #expect(usage.status == .usage)
        #expect(usage.stderr.hasPrefix("Error: '--accept-misses' requires '--update'."))
    }

    @Test func aBrokenCassetteIsAnErrorNamingTheFileAndPlace() throws {
        let repository = try RepositoryFixture.copy(["osaka"])
        defer { repository.remove() }
        try repository.write("{\n  \"version\" : 1,\n  \"interactions\" : [,]\n}\n", "osaka", "cassette.json")
        let run = CLIRun(["test"], in: repository.root.path)
        #expect(run.status == .failure)
        #expect(run.stdout.contains("cassette.json:3:21: error: unexpected character ','"))
    }

    @Test func aScenarioThatBreaksTheSchemaExits65() throws {
        let repository = try RepositoryFixture.copy(["tempe-az", "osaka"])
        defer { repository.remove() }
        try repository.write(
            #"{"version": 1, "track": "Waypoints/tempe-az.gpx", "engine": {"distanceFiltr": 10}}"#, "tempe-az",
            "scenario.json")
        let run = CLIRun(["test"], in: repository.root.path)
        #expect(run.status.rawValue == 65)
        #expect(run.stdout.contains("unknown key 'engine.distanceFiltr' (did you mean 'engine.distanceFilter'?)"))
        #expect(run.stdout.contains("PASS osaka\n"))
        #expect(run.stdout.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func aScenarioWithoutACassetteAnswersNothingAndSaysHowToRecordIt() throws {
        let repository = try RepositoryFixture.copy(["franklin-la"], files: ["scenario.json"])
        defer { repository.remove() }
        let refused = CLIRun(["test", "--update"], in: repository.root.path)
        #expect(refused.status == .failure)
        #expect(refused.stdout.contains("  searched: Recordings/franklin-la/cassette.json (no such file)\n"))
        #expect(repository.text("franklin-la", "expected.jsonl") == nil)
        let run = CLIRun(["test", "--update", "--accept-misses"], in: repository.root.path)
        #expect(run.stdout == "CREATED franklin-la: wrote Recordings/franklin-la/expected.jsonl\n1 passed, 0 failed\n")
        let expected = try #require(repository.text("franklin-la", "expected.jsonl"))
        #expect(expected.contains("\"code\":\"not_recorded\""))
        #expect(!expected.contains("\"event\":\"push\""))
    }

    @Test(arguments: [
        (["test", "--shard", "0/2"], "Error: invalid shard '0/2': expected I/N with 1 ≤ I ≤ N, e.g. 2/4"),
        (["test", "--jobs", "0"], "Error: The value '0' is invalid for '--jobs <n>'. Expected a positive integer."),
        (["test", "frankln-la"], "Error: unknown scenario 'frankln-la'. Did you mean 'franklin-la'?"),
    ])
    func usageErrorsUseTheThreeLineForm(arguments: [String], first: String) {
        let run = CLIRun(arguments, in: Self.root)
        #expect(run.status == .usage)
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines[3].isEmpty)
        #expect(lines.first.map(String.init) == first)
        #expect(lines.dropFirst().first?.hasPrefix("Usage: locsim test ") == true)
        #expect(lines.dropFirst(2).first == "  See 'locsim test --help' for more information.")
        #expect(run.stdout.isEmpty)
    }

    /// `locsim test --help`, golden (``GoldenFile``).
    @Test func helpMatchesItsGolden() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden/Help/test.txt")
        let run = CLIRun(["test", "--help"], in: Self.root)
        #expect(run.status == .success)
        if let problem = GoldenFile.problem(run.stdout, golden: golden, filter: "TestCommandTests") {
            Issue.record(Comment(rawValue: problem))
        }
        #expect(run.stdout.contains("--accept-misses"))
    }

    @Test func updateIsRefusedUnderCI() {
        let run = CLIRun(["test", "--update"], in: Self.root, environment: ["CI": "1"])
        #expect(run.status == .usage)
        #expect(run.stderr.hasPrefix("Error: refusing to --update expectations because CI is set"))
    }

    @Test func progressIsDrawnOnATerminalAndErasedBeforeTheReport() {
        let plain = CLIRun(["test", "tempe-az"], in: Self.root)
        #expect(plain.stderr.isEmpty)
        let terminal = CLIRun(["test", "tempe-az"], in: Self.root, stderrIsTerminal: true)
        #expect(terminal.stdout == plain.stdout)
        #expect(terminal.stderr.contains("\r\u{1B}[K[1/1] passed tempe-az"))
        #expect(terminal.stderr.hasSuffix("\r\u{1B}[K"))
    }
}
