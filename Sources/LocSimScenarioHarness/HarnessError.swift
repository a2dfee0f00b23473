public import LocSimSupport

/// Why the harness could not do what it was asked, with the exit status the CLI should use
/// (docs/contract.md, Exit statuses: 64 usage, 65 invalid data, 66 missing input; 74 for an output file that cannot be
/// written, as for every command: docs/cli.md, "Write failures").
public enum HarnessError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The recordings directory does not exist or cannot be listed.
    case recordingsDirectoryMissing(path: String)
    /// No folder of that name under the recordings directory.
    case unknownScenario(name: String, suggestion: String?)
    /// A `scenario.json` that does not follow the schema.
    case invalidScenario(ScenarioFileError)
    /// A file that exists but cannot be read.
    case unreadable(path: String)
    /// `--update` while the `CI` environment variable is set: CI never writes expectations.
    case updateRefusedUnderCI
    /// A `--shard` value that is not `I/N` with 1 ≤ I ≤ N.
    case invalidShard(String)
    /// A `--jobs` value below 1.
    case invalidJobs(Int)
    /// An expectation or report that could not be written.
    case cannotWrite(AtomicWriteError)

    /// The exit status for the CLI.
    public var exitCode: Int32 {
        switch self {
        case .unknownScenario, .updateRefusedUnderCI, .invalidShard, .invalidJobs: 64
        case .invalidScenario: 65
        case .recordingsDirectoryMissing, .unreadable: 66
        case .cannotWrite: 74
        }
    }

    /// Whether this is a usage error (the CLI prints it in its `Error:`/`Usage:`/`See` form).
    public var isUsageError: Bool { exitCode == 64 }

    public var description: String {
        switch self {
        case .recordingsDirectoryMissing(let path):
            "no recordings directory at \(TerminalEscaping.escape(path))"
        case .unknownScenario(let name, let suggestion):
            "unknown scenario '\(TerminalEscaping.escape(name))'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
        case .invalidScenario(let error):
            error.description
        case .unreadable(let path):
            "cannot read \(TerminalEscaping.escape(path))"
        case .updateRefusedUnderCI:
            "refusing to --update expectations because CI is set: CI never re-blesses; "
                + "run `locsim test --update` locally, review the diff and commit it"
        case .invalidShard(let text):
            "invalid shard '\(text)': expected I/N with 1 ≤ I ≤ N, e.g. 2/4"
        case .invalidJobs(let jobs):
            "invalid job count \(jobs): expected 1 or more"
        case .cannotWrite(let error):
            error.description
        }
    }
}
