public import LocSimHTTPRecording
public import LocSimReplay
public import LocSimScenarioHarness
public import LocSimSupport

/// Why `locsim record` recorded nothing (or could not finish).
public enum ScenarioRecordError: Error, Sendable, CustomStringConvertible {
    /// `CI` is set: record mode is forced to `none` there, so recording can never happen.
    case refusedUnderCI
    /// A setting (from `scenario.json` or `--base-url`) cannot be used.
    case settings(ReplaySettingsError)
    /// The cassette could not be read or written, or a secret survived redaction.
    case recording(RecordingError)
    /// The track is missing or invalid.
    case replay(ReplayError)
    /// Providers could not be reached; the messages name host and cause. Nothing was written.
    case unreachable([String])
    /// The run failed for another reason (the gazetteer, a broken replay of the new cassette).
    case run(String)
    /// `expected.jsonl` could not be written.
    case expectation(HarnessError)
    /// The staging folder could not be made, swapped in or recovered (the message says why).
    case staging(String)

    public var description: String {
        switch self {
        case .refusedUnderCI:
            "refusing to record because CI is set: CI never records (record mode is forced to none); "
                + "record locally with the provider keys in the environment, review the diff and commit it"
        case .settings(let error): error.message
        case .recording(let error): error.description
        case .replay(let error): error.message
        case .unreachable(let messages):
            "could not reach the provider (nothing was written):\n"
                + messages.enumerated().filter { !messages[..<$0.offset].contains($0.element) }
                .map { "  \(TerminalEscaping.escape($0.element))" }.joined(separator: "\n")
        case .run(let message): message
        case .expectation(let error): error.description
        case .staging(let message): TerminalEscaping.escape(message)
        }
    }
}
