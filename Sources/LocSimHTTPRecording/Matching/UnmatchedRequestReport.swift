import LocSimSupport

/// The explanation given when no recorded interaction answers a request: the request (redacted),
/// the closest recorded request, how they differ, and the command that records it.
public struct UnmatchedRequestReport: Sendable, Hashable, CustomStringConvertible {
    /// The request as made, with secrets redacted.
    public var request: HTTPRequest
    /// The closest recorded interaction, if any was loaded.
    public var closest: InteractionLog.Entry?
    /// The differences between `request` and `closest`, one phrase each.
    public var differences: [String]
    /// What was searched (`Recordings/ (3 cassettes)`).
    public var searched: String
    /// The command that records the request.
    public var recordCommand: String

    /// Builds the report for `request` (already redacted) against everything in `log`; the
    /// closest recorded request is shown with its secret parameters replaced by `redactor` (a
    /// cassette written by hand may hold real ones), and compared as shown.
    public init(
        request: HTTPRequest, log: InteractionLog, searched: String, recordCommand: String, redactor: Redactor? = nil
    ) {
        self.request = request
        self.searched = searched
        self.recordCommand = recordCommand
        let signature = RequestSignature(request)
        var best: (entry: InteractionLog.Entry, rank: Rank)?
        for entry in log.entries {
            let rank = UnmatchedRequestReport.rank(signature, entry)
            if best == nil || best!.rank < rank { best = (entry, rank) }
        }
        closest = best?.entry
        var differsInSecrets = false
        if let redactor, var entry = closest {
            let recorded = entry.signature
            entry.interaction.request.url = redactor.redact(url: entry.interaction.request.url)
            entry.signature = RequestSignature(entry.interaction.request)
            differsInSecrets = !UnmatchedRequestReport.differences(signature, recorded, rules: entry.rules).isEmpty
            closest = entry
        }
        if let closest {
            differences = UnmatchedRequestReport.differences(signature, closest.signature, rules: closest.rules)
            if differences.isEmpty, differsInSecrets {
                differences = [
                    "a secret parameter: the recorded request holds a value there, which only that value matches "
                        + "(record it again, or write a placeholder such as <TOKEN>, which matches any value)"
                ]
            }
            if let nearness = UnmatchedRequestReport.nearness(signature, closest) {
                differences.insert(nearness, at: 0)
            }
            if differences.isEmpty {
                differences = UnmatchedRequestReport.ruleDifferences(request, closest, redactor: redactor)
            }
            if differences.isEmpty {
                let count = log.entries.filter { signature.isAnswered(by: $0.signature, rules: $0.rules) }.count
                differences = [
                    "none, but all \(count) matching recorded interaction\(count == 1 ? " was" : "s were") already used "
                        + "(identical requests replay once each, in recorded order)"
                ]
            }
        } else {
            differences = []
        }
    }

    public var description: String {
        var lines = ["no recorded interaction answers \(request.method) \(shownURL)", "  searched: \(searched)"]
        lines += detailLines.map { "  " + $0 }
        lines.append("  to record it: \(recordCommand)")
        // URLs, methods, paths and the command come from requests and files: one line each.
        return lines.map { TerminalEscaping.escape($0) }.joined(separator: "\n")
    }

    /// The request's URL as reports show it: a placeholder the provider percent-encoded (its key
    /// not set, `client_id=%3CAERIS_CLIENT_ID%3E`) as the cassettes spell it (`<AERIS_CLIENT_ID>`).
    package var shownURL: String { PlaceholderQuery.plain(request.url) }

    /// The `closest: …` line and, when there is a closest interaction, the `differs: …` line
    /// (not escaped).
    package var detailLines: [String] {
        guard let closest else { return ["closest: none (no recorded interactions were loaded)"] }
        let origin = closest.source.isEmpty ? "recorded in this session" : closest.source
        return [
            "closest: \(closest.interaction.request.method) \(closest.interaction.request.url) (\(origin), interaction \(closest.index))",
            "differs: \(differences.joined(separator: "; "))",
        ]
    }

    /// `nearest recorded position is 2.4 km away (tolerance 1 km)` when `entry` differs from the
    /// request only in where it was made (positions compared under its rules), else `nil`.
    static func nearness(_ requested: RequestSignature, _ entry: InteractionLog.Entry) -> String? {
        guard let recorded = entry.position, let sent = entry.rules.position(of: requested),
            sent.skeleton.isAnswered(by: recorded.skeleton, rules: entry.rules), sent.distance(to: recorded) > 0
        else { return nil }
        let tolerance = entry.rules.toleranceMetres.map { RequestPosition.describe(metres: $0) } ?? "none"
        return "nearest recorded position is \(RequestPosition.describe(metres: sent.distance(to: recorded))) away "
            + "(tolerance \(tolerance))"
    }

    /// How close a recorded interaction is, compared in order: same host, then the path (equal,
    /// else the leading segments in common), then the query (names in common, values that
    /// pair), then the method, then the distance between positions (requests that carry one,
    /// compared without it), then unused before used.
    struct Rank: Comparable {
        var host: Int
        var path: Int
        var query: Int
        var method: Int
        /// Minus the distance in metres between the positions, or minus infinity.
        var nearness: Double
        var unused: Int

        static func < (left: Rank, right: Rank) -> Bool {
            (left.host, left.path, left.query, left.method, left.nearness, left.unused)
                < (right.host, right.path, right.query, right.method, right.nearness, right.unused)
        }
    }

    static func rank(_ sent: RequestSignature, _ entry: InteractionLog.Entry) -> Rank {
        var requested = sent
        var recorded = entry.signature
        var nearness = -Double.infinity
        if let kept = entry.position, let located = entry.rules.position(of: sent),
            located.skeleton.host == kept.skeleton.host && located.skeleton.path == kept.skeleton.path
        {
            requested = located.skeleton
            recorded = kept.skeleton
            nearness = -located.distance(to: kept)
        }
        let pathScore: Int
        if requested.path == recorded.path {
            pathScore = Int.max
        } else {
            let sent = requested.path.split(separator: "/")
            let kept = recorded.path.split(separator: "/")
            pathScore = zip(sent, kept).prefix { $0 == $1 }.count
        }
        let requestedNames = Set(requested.query.map(\.name))
        let recordedNames = Set(recorded.query.map(\.name))
        var query = 2 * requestedNames.intersection(recordedNames).count
        query -= requestedNames.symmetricDifference(recordedNames).count
        query -= requested.unpairedItems(against: recorded, rules: entry.rules).requested.count
        return Rank(
            host: requested.host == recorded.host ? 1 : 0, path: pathScore, query: query,
            method: requested.method == recorded.method ? 1 : 0, nearness: nearness, unused: entry.used ? 0 : 1)
    }

    /// The body and header differences the closest entry's ``MatchingRules`` care about (a JSON
    /// body's first differing field, its values through `redactor`).
    static func ruleDifferences(_ request: HTTPRequest, _ entry: InteractionLog.Entry, redactor: Redactor?) -> [String]
    {
        let rules = entry.rules
        let recorded = entry.interaction.request
        var result: [String] = []
        for name in rules.headers {
            let single = MatchingRules(headers: [name])
            if !single.bodyAndHeaders(of: request, match: recorded) {
                result.append(
                    "header \(name): \(request.header(name) ?? "(absent)") (recorded \(recorded.header(name) ?? "(absent)"))"
                )
            }
        }
        if rules.jsonBody, !MatchingRules(jsonBody: true).bodyAndHeaders(of: request, match: recorded) {
            result.append(
                JSONBodyDifference.phrase(request.body, recorded.body) { redactor?.redactText($0) ?? $0 }
                    ?? "body differs as JSON from the recorded body")
        }
        return result
    }

    /// One phrase per difference: method, host, path, and query keys missing, extra or different.
    static func differences(
        _ requested: RequestSignature, _ recorded: RequestSignature, rules: MatchingRules = MatchingRules()
    ) -> [String] {
        var result: [String] = []
        if requested.method != recorded.method {
            result.append("method \(requested.method) (recorded \(recorded.method))")
        }
        if requested.host != recorded.host { result.append("host \(requested.host) (recorded \(recorded.host))") }
        if requested.path != recorded.path { result.append("path \(requested.path) (recorded \(recorded.path))") }
        let requestedNames = Set(requested.query.map(\.name))
        let recordedNames = Set(recorded.query.map(\.name))
        let extra = requestedNames.subtracting(recordedNames).sorted()
        let missing = recordedNames.subtracting(requestedNames).sorted()
        if !extra.isEmpty {
            result.append(
                "query parameter\(extra.count == 1 ? "" : "s") not in the recording: \(extra.joined(separator: ", "))")
        }
        if !missing.isEmpty {
            result.append(
                "recorded query parameter\(missing.count == 1 ? "" : "s") not sent: \(missing.joined(separator: ", "))")
        }
        let leftover = requested.unpairedItems(against: recorded, rules: rules)
        let differing = Set(leftover.requested.map(\.name) + leftover.recorded.map(\.name))
            .intersection(requestedNames).intersection(recordedNames).sorted()
        for name in differing {
            let sent = values(of: name, in: leftover.requested)
            let kept = values(of: name, in: leftover.recorded)
            result.append("query \(name)=\(sent) (recorded \(name)=\(kept))")
        }
        return result
    }

    private static func values(of name: String, in items: [URLParts.QueryItem]) -> String {
        let values = items.filter { $0.name == name }.map {
            $0.value.count > 60 ? String($0.value.prefix(57)) + "..." : $0.value
        }
        return values.isEmpty ? "(nothing more)" : values.joined(separator: ", ")
    }
}
