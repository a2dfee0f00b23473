/// Recorded interactions available for replay, each answering at most one request.
///
/// A request is answered by the first unused interaction (in load order: files sorted by path,
/// interactions in file order) whose ``RequestSignature`` answers it, so identical requests
/// replay in recorded order. When all matching interactions are used up, the last of them
/// answers again if ``repeatsLastAnswer`` is set (pure replay); otherwise the request is
/// unmatched, exactly like a request that was never recorded (so recording records it).
public struct InteractionLog: Sendable {
    /// One loaded interaction and where it came from.
    public struct Entry: Sendable, Hashable {
        public var interaction: HTTPInteraction
        /// The cassette file it was read from (empty for interactions recorded in this session).
        public var source: String
        /// Its index within that cassette.
        public var index: Int
        let signature: RequestSignature
        var used = false

        public init(interaction: HTTPInteraction, source: String, index: Int) {
            self.interaction = interaction
            self.source = source
            self.index = index
            self.signature = RequestSignature(interaction.request)
        }
    }

    public private(set) var entries: [Entry] = []
    /// Whether a request whose matching interactions are all used gets the last of them again.
    public var repeatsLastAnswer = false

    public init() {}

    /// Adds the interactions of `cassette`, read from `source`.
    public mutating func append(_ cassette: Cassette, source: String) {
        for (index, interaction) in cassette.interactions.enumerated() {
            entries.append(Entry(interaction: interaction, source: source, index: index))
        }
    }

    /// Takes the first unused interaction answering `request`, marking it used.
    public mutating func take(_ request: HTTPRequest) -> HTTPInteraction? {
        let signature = RequestSignature(request)
        guard let position = entries.firstIndex(where: { !$0.used && signature.isAnswered(by: $0.signature) }) else {
            guard repeatsLastAnswer else { return nil }
            return entries.last { signature.isAnswered(by: $0.signature) }?.interaction
        }
        entries[position].used = true
        return entries[position].interaction
    }

    /// How many interactions have answered a request so far.
    public var usedCount: Int { entries.lazy.filter(\.used).count }
}
