/// What ``HARReader`` keeps of a HAR file: which hosts, whether images, and the redactor every
/// entry goes through (the recording's own, so an import is redacted exactly as a recording).
public struct HARImportOptions: Sendable {
    /// Lowercased hosts whose entries are imported; `nil` imports every host.
    public var hosts: Set<String>?
    /// Whether image responses (`_resourceType: "image"` or an `image/*` MIME type) are imported.
    public var includesImages: Bool
    /// The redactor applied to each request and response, as ``RecordingSession`` applies it.
    public var redactor: Redactor
    /// The largest body imported; a larger one (decoded, or claimed by `content.size`) is an error.
    public var maxBodyBytes: Int

    public init(
        hosts: Set<String>? = nil, includesImages: Bool = false,
        redactor: Redactor = Redactor(declarations: [], environment: [:]),
        maxBodyBytes: Int = Cassette.defaultMaxBodyBytes
    ) {
        self.hosts = hosts.map { Set($0.map { $0.lowercased() }) }
        self.includesImages = includesImages
        self.redactor = redactor
        self.maxBodyBytes = maxBodyBytes
    }

    /// The options a replay reads a HAR with (`--cassette capture.har`, `serve --cassette`, the
    /// URLProtocol): every host and every entry a cassette can hold, images included.
    public static func replay(
        redactor: Redactor = Redactor(declarations: [], environment: [:]),
        maxBodyBytes: Int = Cassette.defaultMaxBodyBytes
    ) -> HARImportOptions {
        HARImportOptions(hosts: nil, includesImages: true, redactor: redactor, maxBodyBytes: maxBodyBytes)
    }
}
