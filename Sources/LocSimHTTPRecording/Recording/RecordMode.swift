/// When a recording session may call the live service and write the cassette.
public enum RecordMode: String, Sendable, Hashable, CaseIterable {
    /// Replay only; never call the network, never write. The default, and forced on CI.
    case none
    /// Record every request when the cassette file does not exist yet; otherwise replay strictly.
    case once
    /// Replay what matches; call the live service for the rest and append it to the cassette.
    case newEpisodes = "new-episodes"
    /// Call the live service for everything and replace the cassette with what was recorded.
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
}
