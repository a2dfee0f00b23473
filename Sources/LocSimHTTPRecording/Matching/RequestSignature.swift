/// What identifies a request for replay: method, host, path and the query as a multiset.
///
/// Headers and bodies take no part in matching unless a cassette's ``MatchingRules`` name them
/// (they carry secrets, user agents and timestamps); scheme and port do not either, so a recording made against a loopback server on
/// one port replays against any other. A recorded query value that is a placeholder such as
/// `<AERIS_CLIENT_ID>` matches any value of that parameter, and a recorded path segment that is
/// one (`/zones/<REDACTED_SET_COOKIE>/forecast`: a learned secret the recording replaced there)
/// any one segment.
public struct RequestSignature: Sendable, Hashable {
    /// The method, uppercased.
    public var method: String
    /// The host, lowercased.
    public var host: String
    /// The percent-decoded path.
    public var path: String
    /// The query items sorted by name, then value (order-insensitive comparison).
    public var query: [URLParts.QueryItem]

    public init(_ request: HTTPRequest) {
        let parts = URLParts(request.url)
        method = request.method.uppercased()
        host = parts.host
        path = parts.path
        query = parts.query.sorted { ($0.name, $0.value) < ($1.name, $1.value) }
    }

    /// Whether `value` is a recording placeholder: `<` upper-case letters, digits, `_` `>`.
    public static func isPlaceholder(_ value: String) -> Bool {
        guard value.count > 2, value.first == "<", value.last == ">" else { return false }
        return value.dropFirst().dropLast().allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") }
    }

    /// Whether a request with this signature is answered by a recorded request with signature
    /// `recorded`: same method, host and path, and the query items pair up one to one (a
    /// recorded placeholder value pairs with any value of the same name).
    /// Under `rules`, a coordinate parameter's value also pairs with a recorded value within
    /// the rules' tolerance.
    public func isAnswered(by recorded: RequestSignature, rules: MatchingRules = MatchingRules()) -> Bool {
        guard method == recorded.method, host == recorded.host, path == recorded.path || answers(path: recorded.path),
            query.count == recorded.query.count
        else { return false }
        return unpairedItems(against: recorded, rules: rules).requested.isEmpty
    }

    /// Whether `path` has a segment that is a placeholder.
    static func hasPlaceholderSegment(_ path: String) -> Bool {
        path.contains("<") && path.split(separator: "/").contains { isPlaceholder(String($0)) }
    }

    /// Whether this path is answered by the recorded `path` with placeholder segments: as many
    /// segments, each equal or answered by a placeholder.
    func answers(path recorded: String) -> Bool {
        guard Self.hasPlaceholderSegment(recorded) else { return false }
        let mine = path.split(separator: "/", omittingEmptySubsequences: false)
        let theirs = recorded.split(separator: "/", omittingEmptySubsequences: false)
        guard mine.count == theirs.count else { return false }
        return zip(mine, theirs).allSatisfy { $0 == $1 || (!$0.isEmpty && Self.isPlaceholder(String($1))) }
    }

    /// Pairs this (requested) query with `recorded`: exact pairs first, then placeholders, then
    /// coordinates within the tolerance of `rules`. Returns the items left over on each side.
    func unpairedItems(
        against recorded: RequestSignature, rules: MatchingRules = MatchingRules()
    )
        -> (requested: [URLParts.QueryItem], recorded: [URLParts.QueryItem])
    {
        var remaining = recorded.query
        var leftover: [URLParts.QueryItem] = []
        for item in query {
            if let exact = remaining.firstIndex(of: item) { remaining.remove(at: exact) } else { leftover.append(item) }
        }
        var unmatched: [URLParts.QueryItem] = []
        for item in leftover {
            if let wildcard = remaining.firstIndex(where: {
                $0.name == item.name
                    && (RequestSignature.isPlaceholder($0.value)
                        || (rules.isCoordinate(item.name) && rules.coordinateValue(item.value, matches: $0.value)))
            }) {
                remaining.remove(at: wildcard)
            } else {
                unmatched.append(item)
            }
        }
        return (unmatched, remaining)
    }
}
