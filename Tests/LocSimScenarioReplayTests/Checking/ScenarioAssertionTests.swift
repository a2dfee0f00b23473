import Foundation
import LocSimReplay
import LocSimScenarioHarness
import LocSimScenarioReplay
import LocSimScenarioTesting
import LocSimSimulation
import LocSimTesting
import LocSimWeather
import Testing

/// `ScenarioAssertion.assert`: a scenario as one assertion in a user's test (issue 25, item 4).
@Suite struct ScenarioAssertionTests {
    static let record = ["LOCSIM_RECORD": "once"]

    @Test func aMatchingScenarioPassesAndReturnsItsTranscript() async throws {
        let repository = try RepositoryFixture.copy(["franklin-la"])
        defer { repository.remove() }
        let transcript = try await ScenarioAssertion.assert("franklin-la", in: repository.recordings, environment: [:])
        #expect(transcript.events(named: "push").count >= 1)
    }

    @Test func aDifferenceFailsTheRunningTestWithTheDiffAndTheReblessCommand() async throws {
        let repository = try RepositoryFixture.copy(["franklin-la"])
        defer { repository.remove() }
        let expected = try #require(repository.text("franklin-la", "expected.jsonl"))
        try repository.write(
            expected.replacingOccurrences(
                of: "Coastal Flood Advisory\",\"event\":\"push\"", with: "Flood Advisory\",\"event\":\"push\""),
            "franklin-la", "expected.jsonl")
        try await withKnownIssue {
            try await ScenarioAssertion.assert("franklin-la", in: repository.recordings, environment: [:])
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.hasPrefix("franklin-la: the transcript differs from Recordings/franklin-la/expected.jsonl\n")
                && text.contains("\n+{\"alert\":\"Weather Advisory for Franklin, LA:  Coastal Flood Advisory\"")
                && text.contains("To accept the new transcript, run: LOCSIM_RECORD=all swift test")
        }
        // Under CI nothing is re-blessed, whatever LOCSIM_RECORD says.
        await withKnownIssue {
            try await ScenarioAssertion.assert(
                "franklin-la", in: repository.recordings, environment: ["LOCSIM_RECORD": "all", "CI": "true"])
        }
        #expect(repository.text("franklin-la", "expected.jsonl") != expected)
        // LOCSIM_RECORD=all re-blesses it.
        try await ScenarioAssertion.assert(
            "franklin-la", in: repository.recordings, environment: ["LOCSIM_RECORD": "all"])
        #expect(repository.text("franklin-la", "expected.jsonl") == expected)
    }

    @Test func aMissingExpectationIsRecordedUnderARecordModeOnly() async throws {
        let repository = try RepositoryFixture.copy(["franklin-la"], files: ["scenario.json", "cassette.json"])
        defer { repository.remove() }
        try await withKnownIssue {
            try await ScenarioAssertion.assert("franklin-la", in: repository.recordings, environment: [:])
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "missing expectation Recordings/franklin-la/expected.jsonl")
        }
        #expect(repository.text("franklin-la", "expected.jsonl") == nil)
        try await ScenarioAssertion.assert("franklin-la", in: repository.recordings, environment: Self.record)
        let written = try #require(repository.text("franklin-la", "expected.jsonl"))
        #expect(written == RepositoryFixture.copyText("franklin-la", "expected.jsonl"))
    }

    /// Item 3 in the library: a deleted interaction is a miss, reported first, and no record
    /// mode blesses it without LOCSIM_ACCEPT_MISSES=1.
    @Test func aDeletedInteractionIsReportedAsAMissAndNotBlessed() async throws {
        let repository = try RepositoryFixture.copy(["franklin-la"])
        defer { repository.remove() }
        let cassette = try #require(repository.text("franklin-la", "cassette.json"))
        try repository.write(
            cassette.replacingOccurrences(of: "/advisories/franklin,la,us", with: "/advisories/houma,la,us"),
            "franklin-la", "cassette.json")
        let expected = repository.text("franklin-la", "expected.jsonl")
        let check = try await ScenarioCheck.run(
            Scenario.load(named: "franklin-la", in: repository.recordings), app: ReplayApp(),
            environment: ["LOCSIM_RECORD": "all"])
        let failure = try #require(check.failure)
        #expect(
            failure.hasPrefix(
                "franklin-la: not updated: a request no recording answers (not_recorded): a miss in "
                    + "Recordings/franklin-la/cassette.json, not a change\n"
                    + "miss: no recorded interaction answers GET https://api.aerisapi.com/advisories/franklin,la,us?"))
        #expect(failure.contains("  closest: GET https://api.aerisapi.com/advisories/houma,la,us?"))
        // The fixture's recordings are not `Recordings` in this process's directory: named in full.
        let recordings = repository.recordings.standardizedFileURL.path
        #expect(
            failure.contains(
                "  to record it: locsim record franklin-la --mode new-episodes --recordings \(recordings)\n"))
        #expect(failure.hasSuffix("LOCSIM_RECORD=all LOCSIM_ACCEPT_MISSES=1 swift test"))
        #expect(check.written == nil)
        #expect(repository.text("franklin-la", "expected.jsonl") == expected)

        let accepted = try await ScenarioCheck.run(
            Scenario.load(named: "franklin-la", in: repository.recordings), app: ReplayApp(),
            environment: ["LOCSIM_RECORD": "all", "LOCSIM_ACCEPT_MISSES": "1"])
        #expect(accepted.failure == nil)
        guard case .changed = accepted.written else {
            Issue.record("expected the expectation to be rewritten, got \(String(describing: accepted.written))")
            return
        }
    }

    /// A provider the app does not register is an invalid scenario naming its file and the
    /// closest name (it failed later, naming neither).
    @Test func anUnregisteredProviderNamesTheScenarioFileAndTheClosestName() async throws {
        let repository = try RepositoryFixture.copy(["franklin-la"])
        defer { repository.remove() }
        let text = try #require(repository.text("franklin-la", "scenario.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var edited = json
        edited["providers"] = ["nws", "aeriss"]
        try repository.write(
            String(decoding: try JSONSerialization.data(withJSONObject: edited, options: .sortedKeys), as: UTF8.self),
            "franklin-la", "scenario.json")
        let written = try #require(repository.text("franklin-la", "scenario.json"))
        let column = try #require(written.range(of: #""aeriss""#)).lowerBound.utf16Offset(in: written) + 1
        let error = await #expect(throws: ScenarioFileError.self) {
            try await ScenarioCheck.run(
                Scenario.load(named: "franklin-la", in: repository.recordings), app: ReplayApp(), environment: [:])
        }
        let text2 = error.map { "\($0)" } ?? ""
        #expect(
            text2.hasPrefix("Recordings/franklin-la/scenario.json:1:\(column): error: 'providers' must be one of "),
            "\(text2)")
        #expect(text2.contains(#"got "aeriss" (did you mean "aeris"?)"#), "\(text2)")
    }

    /// Cancelling the task stops the replay and throws `CancellationError` (it ran to the end,
    /// 16 s for a long scenario a probe cancelled after 0.2 s, then compared).
    @Test func aCancelledTaskStopsTheReplayAndThrows() async throws {
        let repository = try RepositoryFixture.copy(["houston-new-orleans-i10"])
        defer { repository.remove() }
        let scenario = try Scenario.load(named: "houston-new-orleans-i10", in: repository.recordings)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await ScenarioCheck.run(scenario, app: ReplayApp(), environment: [:])
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    /// A request the app repeats misses each time: it is reported once, with how many times
    /// (a probe's miss report repeated one block per occurrence).
    @Test func aRepeatedMissIsReportedOnceWithItsCount() async throws {
        let repository = try RepositoryFixture.copy(["houston-new-orleans-i10"])
        defer { repository.remove() }
        let cassette = try #require(repository.text("houston-new-orleans-i10", "cassette.json"))
        try repository.write(
            cassette.replacingOccurrences(of: "/advisories/maringouin,la,us", with: "/advisories/maringoux,la,us"),
            "houston-new-orleans-i10", "cassette.json")
        let check = try await ScenarioCheck.run(
            Scenario.load(named: "houston-new-orleans-i10", in: repository.recordings), app: ReplayApp(),
            environment: [:])
        let failure = try #require(check.failure)
        let misses = failure.split(separator: "\n").filter { $0.hasPrefix("miss") }
        #expect(misses.count == 1, "\(failure)")
        #expect(misses.first?.hasPrefix("miss (3 times): no recorded interaction answers GET ") == true, "\(failure)")
        #expect(failure.hasPrefix("houston-new-orleans-i10: a request no recording answers (not_recorded)"))
    }

    /// Issue 35, defect 8: a miss in a scenario of an app with a provider of its own said
    /// `locsim record NAME`, which cannot record it (the stock locsim does not know the
    /// provider). It names a locsim of your own built on the app; the stock app keeps `locsim record`.
    @Test func aMissOfAnAppWithItsOwnPluginsSaysToRecordWithALocsimOfYourOwn() async throws {
        let repository = try RepositoryFixture.copy(["franklin-la"])
        defer { repository.remove() }
        let cassette = try #require(repository.text("franklin-la", "cassette.json"))
        try repository.write(
            cassette.replacingOccurrences(of: "/advisories/franklin,la,us", with: "/advisories/houma,la,us"),
            "franklin-la", "cassette.json")
        var app = ReplayApp()
        try app.providers.register(ProviderWiringDocTests.TestAlertProvider())
        let check = try await ScenarioCheck.run(
            Scenario.load(named: "franklin-la", in: repository.recordings, settings: app.settingsTable), app: app,
            environment: [:])
        let failure = try #require(check.failure)
        #expect(
            failure.contains(
                "  to record it: swift run my-locsim record franklin-la --mode new-episodes --recordings "
                    + repository.recordings.standardizedFileURL.path + ", where my-locsim is a "
                    + "locsim of your own built on this app (product LocSimCommandLine: LocSim.main(arguments:app:), "
                    + "docs/providers.md); the stock `locsim record` does not know its plug-ins\n"))
        #expect(!failure.contains("to record it: locsim record"))
        #expect(ReplayApp().isBuiltIn)
        #expect(!app.isBuiltIn)
    }
}

/// A miss report's record command runs from where the reader is: the recordings folder is named
/// with `--recordings` unless it is `Recordings` there (a scenario beside a test file said
/// `locsim record NAME`, which answered `unknown scenario` from the package).
@Suite struct RecordSuggestionTests {
    @Test func theRecordingsFolderIsNamedFromTheWorkingDirectory() {
        let recordings = URL(fileURLWithPath: "/work/app/Tests/AppTests/Recordings")
        let app = ReplayApp()
        #expect(
            RecordSuggestion.scenario("x", app: app, recordings: recordings, from: "/work/app")
                == "locsim record x --mode new-episodes --recordings Tests/AppTests/Recordings")
        #expect(
            RecordSuggestion.scenario("x", app: app, recordings: recordings, from: "/work/app/Tests/AppTests")
                == "locsim record x --mode new-episodes")
        #expect(
            RecordSuggestion.scenario("x", app: app, recordings: recordings, from: "/elsewhere")
                == "locsim record x --mode new-episodes --recordings /work/app/Tests/AppTests/Recordings")
        #expect(
            RecordSuggestion.scenario("x", app: app, recordings: URL(fileURLWithPath: "/my dir/Recordings"), from: "/")
                == "locsim record x --mode new-episodes --recordings 'my dir/Recordings'")
        #expect(RecordSuggestion.relative("/work/app", from: "/work/app") == nil)
        #expect(RecordSuggestion.relative("/work/application/x", from: "/work/app") == nil)
    }
}

extension RepositoryFixture {
    /// The repository's own copy of a scenario file.
    static func copyText(_ scenario: String, _ name: String) -> String? {
        FileManager.default.contents(
            atPath: recordings.appendingPathComponent(scenario).appendingPathComponent(name).path
        ).map { String(decoding: $0, as: UTF8.self) }
    }
}
