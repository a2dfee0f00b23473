import Foundation
import LocSimSupport

/// When a recording session may call the live service and write the cassette (one table for
/// every mode: docs/recordings.md, "Record modes").
public enum RecordMode: String, Sendable, Hashable, CaseIterable {
    /// Replay only; never call the network, never write. The default, and forced on CI.
    case none
    /// Record when the cassette had no recording (no file, or no interactions) when the run
    /// began; otherwise replay strictly.
    case once
    /// Replay what matches; call the live service for the rest and append it to the cassette.
    case newEpisodes = "new-episodes"
    /// Call the live service for everything and re-record the cassette with it.
    case all

    /// The mode a session really runs in: `.none` whenever `CI` is set to a non-empty value in
    /// `environment` (CI never records), otherwise `requested`.
    public static func effective(_ requested: RecordMode, environment: [String: String]) -> RecordMode {
        if let ci = environment["CI"], !ci.isEmpty { return .none }
        return requested
    }

    /// Parses a command-line spelling (`none`, `once`, `new-episodes`, `all`).
    public init?(argument: String) {
        self.init(rawValue: argument)
    }

    /// The mode `variable` (`LOCSIM_RECORD`) names in `environment`, `nil` when it is unset.
    ///
    /// Only the exact spellings are accepted: lower case, no spaces (`ONCE`, `new_episodes`,
    /// ` once` and the empty string are refused, not read as "replay only").
    ///
    /// - Throws: ``RecordingError/configuration(_:)`` naming the variable, the value, the
    ///   accepted spellings and the closest of them.
    public static func named(
        by variable: String, in environment: [String: String]
    ) throws(RecordingError) -> RecordMode? {
        guard let value = environment[variable] else { return nil }
        if let mode = RecordMode(argument: value) { return mode }
        let spellings = allCases.map(\.rawValue)
        let normalized = value.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-")
        let hint =
            normalized.closest(among: spellings, maximumDistance: 2, ignoringCase: true).map {
                " (did you mean '\($0)'?)"
            }
            ?? ""
        throw .configuration(
            "\(variable)='\(value)' is not a record mode\(hint); use one of \(spellings.joined(separator: ", ")) "
                + "(exactly so: lower case, no spaces), or unset \(variable) to replay")
    }
}
