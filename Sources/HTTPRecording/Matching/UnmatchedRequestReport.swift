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

    /// Builds the report for `request` (already redacted) against everything in `log`.
    public init(request: HTTPRequest, log: InteractionLog, searched: String, recordCommand: String) {
        self.request = request
        self.searched = searched
        self.recordCommand = recordCommand
        let signature = RequestSignature(request)
        var best: (entry: InteractionLog.Entry, score: Int)?
        for entry in log.entries {
            let score = UnmatchedRequestReport.similarity(signature, entry.signature) * 2 + (entry.used ? 0 : 1)
            if best == nil || score > best!.score { best = (entry, score) }
        }
        closest = best?.entry
        if let closest {
            differences = UnmatchedRequestReport.differences(signature, closest.signature)
            if differences.isEmpty {
                let count = log.entries.filter { signature.isAnswered(by: $0.signature) }.count
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
        var lines = ["no recorded interaction answers \(request.method) \(request.url)", "  searched: \(searched)"]
        if let closest {
            let origin = closest.source.isEmpty ? "recorded in this session" : closest.source
            lines.append(
                "  closest: \(closest.interaction.request.method) \(closest.interaction.request.url) (\(origin), interaction \(closest.index))"
            )
            lines.append("  differs: \(differences.joined(separator: "; "))")
        } else {
            lines.append("  closest: none (no recorded interactions were loaded)")
        }
        lines.append("  to record it: \(recordCommand)")
        return lines.joined(separator: "\n")
    }

    /// Higher is closer: host and path weigh most, then method, then query names in common.
    static func similarity(_ requested: RequestSignature, _ recorded: RequestSignature) -> Int {
        var score = 0
        if requested.host == recorded.host { score += 16 }
        if requested.path == recorded.path { score += 16 }
        if requested.method == recorded.method { score += 8 }
        let requestedNames = Set(requested.query.map(\.name))
        let recordedNames = Set(recorded.query.map(\.name))
        score += 2 * requestedNames.intersection(recordedNames).count
        score -= requestedNames.symmetricDifference(recordedNames).count
        let leftover = requested.unpairedItems(against: recorded)
        score -= leftover.requested.count
        return score
    }

    /// One phrase per difference: method, host, path, and query keys missing, extra or different.
    static func differences(_ requested: RequestSignature, _ recorded: RequestSignature) -> [String] {
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
        let leftover = requested.unpairedItems(against: recorded)
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
