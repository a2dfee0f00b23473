/// `CLAccuracyAuthorization`, with its raw values: whether the user left Precise Location on.
public enum AccuracyAuthorization: Int, Sendable, Hashable, CaseIterable {
    case fullAccuracy = 0
    case reducedAccuracy = 1

    /// The Swift case name CoreLocation uses, for transcripts.
    public var name: String {
        switch self {
        case .fullAccuracy: "fullAccuracy"
        case .reducedAccuracy: "reducedAccuracy"
        }
    }
}
