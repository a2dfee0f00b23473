/// What `locsim export` lets a user choose besides the format.
public struct ExportOptions: Sendable, Hashable {
    /// Which fixes become the exported track (`--fixes`).
    public enum Fixes: String, Sendable, Hashable, CaseIterable {
        /// Every raw fix playback produced: true positions along the track, before the accuracy
        /// model's noise.
        case raw
        /// Only the fixes the location engine delivered, at the positions it reported (noise
        /// included): what the app saw, and where the cassettes' requests were made.
        case delivered
    }

    /// `--fixes`; default `raw`.
    public var fixes: Fixes
    /// `--max-step`: the longest step between two exported points.
    public var maxStep: MaxStep
    /// `--device`: the Simulator the `simctl` and `apns` scripts drive (default `booted`), or the
    /// device the `devicectl` script drives (a UDID or name; required there).
    public var device: String
    /// `--bundle-id`: the app the `.apns` files target (required by `apns`).
    public var bundleID: String?

    public init(fixes: Fixes = .raw, maxStep: MaxStep = .default, device: String = "booted", bundleID: String? = nil) {
        self.fixes = fixes
        self.maxStep = maxStep
        self.device = device
        self.bundleID = bundleID
    }
}
