/// Recorded interactions available for replay, each answering at most one request.
///
/// A request is answered by the first unused interaction (in load order: files sorted by path,
/// interactions in file order) whose ``RequestSignature`` answers it under its
/// ``MatchingRules``, so identical requests replay in recorded order. When none answers it
/// exactly and it carries a position, the recording of an otherwise identical request at the
/// nearest position within the tolerance answers (``MatchingRules/toleranceMetres``). When all matching
/// interactions are used up, the last of them answers again if ``repeatsLastAnswer`` is set
/// (pure replay); otherwise the request is unmatched, exactly like a request that was never
/// recorded (so recording records it).
///
/// Lookups are indexed: interactions are grouped by method, host, path and query names, and
/// within a group by their exact query, so the cost of a request does not grow with the number
/// of recorded interactions (only recorded placeholders and tolerant coordinates are compared
/// one by one, within their group).
public struct InteractionLog: Sendable {
    /// One loaded interaction and where it came from.
    public struct Entry: Sendable, Hashable {
        public var interaction: HTTPInteraction
        /// The cassette file it was read from (empty for interactions recorded in this session).
        public var source: String
        /// Its index within that cassette.
        public var index: Int
        /// The rules it is matched under (its cassette's, with the session's added).
        public internal(set) var rules = MatchingRules()
        /// Whether it has answered a request.
        public internal(set) var used = false
        var signature: RequestSignature
        /// The position the recorded request carries under ``rules``, if any.
        var position: RequestPosition?

        public init(interaction: HTTPInteraction, source: String, index: Int) {
            self.interaction = interaction
            self.source = source
            self.index = index
            self.signature = RequestSignature(interaction.request)
        }
    }

    /// Method, host, path and the sorted query names: what every match shares exactly.
    private struct GroupKey: Hashable {
        var method: String
        var host: String
        var path: String
        var names: [String]

        init(_ signature: RequestSignature) {
            method = signature.method
            host = signature.host
            path = signature.path
            names = signature.query.map(\.name)
        }
    }

    /// Positions in ``entries``, ascending: by exact query, and those compared one by one.
    private struct Group: Sendable {
        var exact: [[URLParts.QueryItem]: [Int]] = [:]
        var loose: [Int] = []
    }

    public private(set) var entries: [Entry] = []
    /// Entries that carry a position, grouped by the key of their position-less skeleton.
    private var positioned: [GroupKey: [Int]] = [:]
    /// The distinct rules of the entries in ``positioned``, to locate a request under each.
    private var positionRuleSets: [MatchingRules] = []
    /// Whether a request whose matching interactions are all used gets the last of them again.
    public var repeatsLastAnswer = false
    /// Rules added to every cassette's own (a session's options); set before appending.
    public var sessionRules: MatchingRules?
    private var groups: [GroupKey: Group] = [:]
    /// Entries whose recorded path has a placeholder segment, by method and host: compared one
    /// by one, since no request's path is theirs.
    private var placeholderPaths: [MethodAndHost: [Int]] = [:]

    /// The part of a request every entry of ``placeholderPaths`` shares exactly.
    private struct MethodAndHost: Hashable {
        var method: String
        var host: String

        init(_ signature: RequestSignature) {
            method = signature.method
            host = signature.host
        }
    }

    public init(sessionRules: MatchingRules? = nil) {
        self.sessionRules = sessionRules
    }

    /// Adds the interactions of `cassette`, read from `source`, matched under the cassette's
    /// rules with ``sessionRules`` added.
    public mutating func append(_ cassette: Cassette, source: String) {
        let rules = (cassette.matching ?? MatchingRules()).merged(with: sessionRules)
        for (index, interaction) in cassette.interactions.enumerated() {
            var entry = Entry(interaction: interaction, source: source, index: index)
            entry.rules = rules
            add(entry)
        }
    }

    private mutating func add(_ entry: Entry) {
        var entry = entry
        entry.position = entry.rules.position(of: entry.signature)
        let position = entries.count
        entries.append(entry)
        if let located = entry.position {
            positioned[GroupKey(located.skeleton), default: []].append(position)
            if !positionRuleSets.contains(entry.rules) { positionRuleSets.append(entry.rules) }
        }
        let signature = entry.signature
        if RequestSignature.hasPlaceholderSegment(signature.path) {
            placeholderPaths[MethodAndHost(signature), default: []].append(position)
            return
        }
        let isLoose = signature.query.contains {
            RequestSignature.isPlaceholder($0.value) || entry.rules.isCoordinate($0.name)
        }
        if isLoose {
            groups[GroupKey(signature), default: Group()].loose.append(position)
        } else {
            groups[GroupKey(signature), default: Group()].exact[signature.query, default: []].append(position)
        }
    }

    /// Takes the first unused interaction answering `request`, marking it used.
    public mutating func take(_ request: HTTPRequest) -> HTTPInteraction? {
        take(request, signature: RequestSignature(request))?.interaction
    }

    /// ``take(_:)`` with the request's signature computed by the caller (who may cache it), and
    /// the whole entry (where the interaction came from).
    public mutating func take(_ request: HTTPRequest, signature: RequestSignature) -> Entry? {
        switch find(request, signature: signature) {
        case .unused(let position):
            entries[position].used = true
            return entries[position]
        case .usedUp(let position): return repeatsLastAnswer ? entries[position] : nil
        case .none: return nil
        }
    }

    private enum Found {
        case unused(Int)
        case usedUp(Int)
        case none
    }

    /// The first unused entry answering `request` exactly, else the last used one, else the
    /// nearest by position.
    private func find(_ request: HTTPRequest, signature: RequestSignature) -> Found {
        let found = findExact(request, signature: signature)
        if case .none = found { return findNearest(request, signature: signature) }
        return found
    }

    /// Among the entries recorded at the nearest position within tolerance: the first unused,
    /// else the last.
    private func findNearest(_ request: HTTPRequest, signature: RequestSignature) -> Found {
        var candidates: [(distance: Double, position: Int)] = []
        for rules in positionRuleSets {
            guard let located = rules.position(of: signature), let tolerance = rules.toleranceMetres else { continue }
            for position in positioned[GroupKey(located.skeleton)] ?? [] {
                let entry = entries[position]
                guard entry.rules == rules, let recorded = entry.position,
                    located.skeleton.isAnswered(by: recorded.skeleton, rules: rules),
                    rules.bodyAndHeaders(of: request, match: entry.interaction.request)
                else { continue }
                let distance = located.distance(to: recorded)
                if distance <= tolerance { candidates.append((distance, position)) }
            }
        }
        guard let best = candidates.map(\.distance).min() else { return .none }
        var nearest = candidates.filter { $0.distance == best }.map(\.position)
        nearest.sort()
        if let unused = nearest.first(where: { !entries[$0].used }) { return .unused(unused) }
        return nearest.last.map { .usedUp($0) } ?? .none
    }

    /// The first unused entry answering `request` exactly, else the last used one, looked up in its group.
    private func findExact(_ request: HTTPRequest, signature: RequestSignature) -> Found {
        let group = groups[GroupKey(signature)] ?? Group()
        let placeholders = placeholderPaths[MethodAndHost(signature)] ?? []
        let exact = group.exact[signature.query] ?? []
        func answers(_ position: Int) -> Bool {
            let entry = entries[position]
            return signature.isAnswered(by: entry.signature, rules: entry.rules)
                && entry.rules.bodyAndHeaders(of: request, match: entry.interaction.request)
        }
        // Each list is in load order: the first (last) answering entry of each, then the earliest (latest).
        let lists = [exact, group.loose, placeholders]
        if let first = lists.compactMap({ list in list.first { !entries[$0].used && answers($0) } }).min() {
            return .unused(first)
        }
        let last = lists.compactMap { list in list.last(where: answers) }.max()
        return last.map { .usedUp($0) } ?? .none
    }

    /// How many interactions have answered a request so far.
    public var usedCount: Int { entries.lazy.filter(\.used).count }
}
