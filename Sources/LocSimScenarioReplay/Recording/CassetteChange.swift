public import LocSimHTTPRecording

/// What a new recording changed in a cassette: interactions added, removed, changed and kept,
/// paired by request (method and redacted URL, in recorded order). `recordedAt` is ignored.
public struct CassetteChange: Sendable, Hashable {
    /// One line of the change list.
    public struct Item: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            case added, removed, changed
        }

        public var kind: Kind
        /// `GET https://api.aerisapi.com/advisories/franklin,la,us?client_id=<AERIS_CLIENT_ID>…`.
        public var request: String
        /// For a changed interaction, what differs (`status 200 → 429`, `response body`).
        public var details: [String]
    }

    /// Added, removed and changed interactions, in the new cassette's order, then removed ones.
    public var items: [Item]
    /// Interactions recorded identically.
    public var unchanged: Int
    /// The comment before and after, when it changed.
    public var comment: (old: String?, new: String?)?

    /// Compares the cassette before the recording (`nil`: there was none) with the one after.
    public init(old: Cassette?, new: Cassette) {
        var remaining = old?.interactions ?? []
        var items: [Item] = []
        var unchanged = 0
        for interaction in new.interactions {
            let key = CassetteChange.key(interaction)
            guard let index = remaining.firstIndex(where: { CassetteChange.key($0) == key }) else {
                items.append(Item(kind: .added, request: key, details: []))
                continue
            }
            let previous = remaining.remove(at: index)
            let details = CassetteChange.differences(previous, interaction)
            if details.isEmpty {
                unchanged += 1
            } else {
                items.append(Item(kind: .changed, request: key, details: details))
            }
        }
        items += remaining.map { Item(kind: .removed, request: CassetteChange.key($0), details: []) }
        self.items = items
        self.unchanged = unchanged
        self.comment = old?.comment == new.comment ? nil : (old?.comment, new.comment)
    }

    /// Whether the recording changed nothing but timestamps.
    public var isEmpty: Bool { items.isEmpty && comment == nil }

    /// How many interactions of `kind` there are.
    public func count(_ kind: Item.Kind) -> Int { items.count { $0.kind == kind } }

    /// `cassette.json: 1 added, 0 removed, 1 changed, 3 unchanged` and one line per item
    /// (`+` added, `-` removed, `~` changed with its details), each ending in a newline.
    public func text(path: String) -> String {
        var out = "\(path): \(count(.added)) added, \(count(.removed)) removed, \(count(.changed)) changed, "
        out += "\(unchanged) unchanged\n"
        for item in items {
            switch item.kind {
            case .added: out += "  + \(item.request)\n"
            case .removed: out += "  - \(item.request)\n"
            case .changed: out += "  ~ \(item.request) (\(item.details.joined(separator: ", ")))\n"
            }
        }
        if let comment {
            out +=
                "  comment: \(comment.old.map { "\"\($0)\"" } ?? "none") → \(comment.new.map { "\"\($0)\"" } ?? "none")\n"
        }
        return out
    }

    public static func == (lhs: CassetteChange, rhs: CassetteChange) -> Bool {
        lhs.items == rhs.items && lhs.unchanged == rhs.unchanged && lhs.comment?.old == rhs.comment?.old
            && lhs.comment?.new == rhs.comment?.new && (lhs.comment == nil) == (rhs.comment == nil)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(items)
        hasher.combine(unchanged)
        hasher.combine(comment?.old)
        hasher.combine(comment?.new)
    }

    static func key(_ interaction: HTTPInteraction) -> String {
        "\(interaction.request.method.uppercased()) \(interaction.request.url)"
    }

    static func differences(_ old: HTTPInteraction, _ new: HTTPInteraction) -> [String] {
        var details: [String] = []
        if old.response.status != new.response.status {
            details.append("status \(old.response.status) → \(new.response.status)")
        }
        if old.response.body != new.response.body { details.append("response body") }
        if old.response.headers != new.response.headers { details.append("response headers") }
        if old.request.headers != new.request.headers { details.append("request headers") }
        if old.request.body != new.request.body { details.append("request body") }
        return details
    }
}
