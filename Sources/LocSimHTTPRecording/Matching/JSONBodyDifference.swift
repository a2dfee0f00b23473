import LocSimCanonicalJSON

/// Where a JSON request body first differs from the recorded one, for a miss report under
/// ``MatchingRules/jsonBody``: `body field user.ids[2]: 7 (recorded 6)`.
enum JSONBodyDifference {
    /// The phrase for `sent` against `recorded` (bodies), values through `redact` and shortened
    /// as query values are; `nil` when they are the same JSON.
    static func phrase(_ sent: [UInt8], _ recorded: [UInt8], redact: (String) -> String) -> String? {
        let parsedSent = try? JSONValue.parse(utf8: sent)
        let parsedRecorded = try? JSONValue.parse(utf8: recorded)
        guard let parsedSent, let parsedRecorded else {
            let which =
                parsedSent == nil
                ? (parsedRecorded == nil ? "neither body is" : "the body is not") : "the recorded body is not"
            return "body differs from the recorded body (\(which) JSON)"
        }
        guard let (path, mine, theirs) = first(parsedSent, parsedRecorded, path: "") else { return nil }
        func shown(_ value: JSONValue?) -> String {
            guard let value else { return "(absent)" }
            let text = redact(value.compact())
            return text.count > 60 ? String(text.prefix(57)) + "..." : text
        }
        let place = path.isEmpty ? "body" : "body field \(path)"
        return "\(place): \(shown(mine)) (recorded \(shown(theirs)))"
    }

    /// The first place, in document order (object members by name), where `sent` and `kept`
    /// differ as ``MatchingRules`` compares JSON: its path (empty for the whole body) and the two
    /// values there (`nil`: absent).
    static func first(_ sent: JSONValue, _ kept: JSONValue, path: String) -> (String, JSONValue?, JSONValue?)? {
        switch (sent, kept) {
        case (.object(let mine), .object(let theirs)):
            for key in Set(mine.keys).union(theirs.keys).sorted() {
                let place = member(key, of: path)
                guard let left = mine[key], let right = theirs[key] else { return (place, mine[key], theirs[key]) }
                if let found = first(left, right, path: place) { return found }
            }
            return nil
        case (.array(let mine), .array(let theirs)):
            for (index, (left, right)) in zip(mine, theirs).enumerated() {
                if let found = first(left, right, path: "\(path)[\(index)]") { return found }
            }
            guard mine.count != theirs.count else { return nil }
            let index = min(mine.count, theirs.count)
            return (
                "\(path)[\(index)]", mine.count > index ? mine[index] : nil, theirs.count > index ? theirs[index] : nil
            )
        default:
            // Numbers compare by value at the top only, as MatchingRules compares them.
            let same = path.isEmpty ? MatchingRules.sameJSON(sent, kept) : sent == kept
            return same ? nil : (path, sent, kept)
        }
    }

    /// `path.key`, or `path["key"]` for a key that is not an identifier.
    private static func member(_ key: String, of path: String) -> String {
        let plain =
            !key.isEmpty
            && key.utf8.allSatisfy {
                $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0 & 0xDF)
            }
            && !(0x30...0x39).contains(key.utf8.first!)
        if plain { return path.isEmpty ? key : "\(path).\(key)" }
        return "\(path)[\(JSONValue.string(key).compact())]"
    }
}
