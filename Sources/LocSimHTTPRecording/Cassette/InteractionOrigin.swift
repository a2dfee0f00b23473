/// Who recorded an interaction: an optional `"origin"` in the cassette, written only by the
/// recorders whose requests a headless replay of the scenario cannot show to be unused, so
/// `locsim cassettes status --prune` keeps what they recorded.
///
/// No `origin` (hand-written, `locsim record`, `replay --record`, and every file from before the
/// field) is the replay's: what the scenario's offline run does not ask for is unused. Any other
/// value, known or not, is kept by prune; an unknown one reads back and writes as it was.
public struct InteractionOrigin: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `locsim serve --record`: what a real app (or a UI test) asked for.
    public static let serve = InteractionOrigin(rawValue: "serve")
    /// `locsim cassettes import` (and `--scenario`): a HAR capture.
    public static let `import` = InteractionOrigin(rawValue: "import")
    /// `LocSimCassetteSession` (`LOCSIM_RECORD`): an app's own `URLSession` code in its tests.
    public static let urlSession = InteractionOrigin(rawValue: "urlsession")

    /// What a person reads: who recorded it, as the command they ran.
    public var description: String {
        switch self {
        case .serve: "serve --record"
        case .import: "cassettes import"
        case .urlSession: "LocSimCassetteSession"
        default: "origin \(rawValue)"
        }
    }
}
