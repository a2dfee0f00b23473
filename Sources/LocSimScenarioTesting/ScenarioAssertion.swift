public import Foundation
public import LocSimGeocoding
public import LocSimReplay
import LocSimScenarioHarness
import LocSimScenarioReplay
public import LocSimSimulation
import LocSimSupport
import Testing
import XCTest

/// A scenario as one assertion in your test, as `assertSnapshot` is in swift-snapshot-testing:
///
/// ```swift
/// let transcript = try await ScenarioAssertion.assert("franklin-to-morgan-city", in: recordings, app: app)
/// ```
///
/// Runs `Recordings/<name>/` offline with your app (strictly from its `cassette.json`), compares
/// the transcript with `expected.jsonl` byte for byte, and on a difference fails the running
/// test — Swift Testing's or XCTest's — with the unified diff, the changed fields and the
/// command that re-blesses it. A difference caused by a request the cassette lacks
/// (`not_recorded`) is reported as a miss first (request, closest recorded, how they differ,
/// the command that records it). `LOCSIM_RECORD=once swift test` writes a missing
/// expectation, `LOCSIM_RECORD=all` re-blesses one that differs (never a miss unless
/// `LOCSIM_ACCEPT_MISSES=1`); under `CI` nothing is written.
public enum ScenarioAssertion {
    /// Asserts that scenario `name` under `recordings` still produces its `expected.jsonl`
    /// with `app`, and returns the run's transcript for further checks.
    ///
    /// - Throws: what loading or running the scenario throws (an unknown name, a broken
    ///   `scenario.json` or cassette), `CancellationError` when the calling task is cancelled
    ///   (the replay stops at its next step); a difference is a test failure, not an error.
    @discardableResult
    public static func assert(
        _ name: String, in recordings: URL, app: ReplayApp = ReplayApp(), geocoder: (any ReverseGeocoder)? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        function: String = #function, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) async throws -> Transcript {
        let scenario = try Scenario.load(named: name, in: recordings, settings: app.settingsTable)
        let check = try await ScenarioCheck.run(
            scenario, app: app, geocoder: geocoder, environment: environment, testName: function)
        if let failure = check.failure {
            fail(failure, fileID: fileID, filePath: filePath, line: line, column: column)
        } else if let written = check.written {
            let verb = written == .created ? "wrote" : "re-blessed"
            FileHandle.standardError.write(Data(writtenNote(verb, scenario.location.expectationPath).utf8))
        }
        return check.transcript
    }

    /// `locsim: wrote PATH` for standard error, the path escaped (``TerminalEscaping``, line
    /// feeds too) so a hostile folder name can neither send a control sequence nor forge a line.
    package static func writtenNote(_ verb: String, _ path: String) -> String {
        "locsim: \(verb) \(TerminalEscaping.escape(path))\n"
    }

    /// Fails the running test: an issue in Swift Testing when a Swift Testing test is running;
    /// otherwise `XCTFail` and an issue both, since code in a detached task has no test of either
    /// kind (task-locals do not cross `Task.detached`) and `XCTFail` outside an XCTest case
    /// fails nothing, while Swift Testing fails its run with an issue that names no test.
    static func fail(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        if Test.current == nil { XCTFail(message, file: filePath, line: line) }
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
    }
}
