/// What `locsim cassettes status` reports of one cassette, apart from use: duplicate
/// interactions, the recording dates, and values that look like secrets but are not placeholders.
public struct CassetteHygiene: Sendable, Hashable {
    /// `(index, index of the earlier identical interaction)`: same request and same response.
    public var duplicates: [(index: Int, original: Int)]
    /// The earliest and latest `recordedAt` (empty strings when none is recorded).
    public var oldest: String
    public var newest: String
    /// `interactions[3].request.query.client_id`-style places holding a secret-looking value.
    public var secretLooking: [String]

    public static func == (left: CassetteHygiene, right: CassetteHygiene) -> Bool {
        left.duplicates.map(\.index) == right.duplicates.map(\.index)
            && left.duplicates.map(\.original) == right.duplicates.map(\.original) && left.oldest == right.oldest
            && left.newest == right.newest && left.secretLooking == right.secretLooking
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(duplicates.map(\.index))
        hasher.combine(secretLooking)
    }

    /// Examines `cassette`; `redactor` says which parameters and headers carry secrets.
    public init(_ cassette: Cassette, redactor: Redactor) {
        var seen: [HTTPInteraction: Int] = [:]
        var duplicates: [(Int, Int)] = []
        var places: [String] = []
        let parameters = Redactor.genericSecretParameters.union(
            redactor.declarations.flatMap(\.queryParameters).map { $0.lowercased() })
        for (index, interaction) in cassette.interactions.enumerated() {
            var key = interaction
            key.recordedAt = ""
            key.origin = nil
            if let original = seen[key] { duplicates.append((index, original)) } else { seen[key] = index }
            let request = interaction.request
            for item in URLParts(request.url).query
            where parameters.contains(item.name.lowercased()) && !item.value.isEmpty
                && !RequestSignature.isPlaceholder(item.value)
            {
                places.append("interactions[\(index)].request.query.\(item.name)")
            }
            for (name, value) in request.headers.sorted(by: { $0.key < $1.key })
            where redactor.isSecretHeader(name) && !CassetteHygiene.isPlaceholderText(value) {
                places.append("interactions[\(index)].request.headers.\(name)")
            }
            for (name, value) in interaction.response.headers.sorted(by: { $0.key < $1.key })
            where redactor.isSecretHeader(name) && !CassetteHygiene.isPlaceholderText(value) {
                places.append("interactions[\(index)].response.headers.\(name)")
            }
        }
        self.duplicates = duplicates
        self.secretLooking = places
        let dates = cassette.interactions.map(\.recordedAt).filter { !$0.isEmpty }.sorted()
        oldest = dates.first ?? ""
        newest = dates.last ?? ""
    }

    /// A header value that is a placeholder, or a scheme and a placeholder (`Bearer <TOKEN>`).
    static func isPlaceholderText(_ value: String) -> Bool {
        value.split(separator: " ").last.map { RequestSignature.isPlaceholder(String($0)) } ?? false
    }
}
