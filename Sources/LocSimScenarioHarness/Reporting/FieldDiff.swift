import LocSimCanonicalJSON

/// The changed fields of the transcript lines a ``UnifiedDiff`` replaces, so a reviewer sees
/// `name: "Coastal Flood Advisory" → "Coastal Flood Warning"` instead of hunting a word in a
/// long JSON line.
///
/// Within each hunk, a run of deleted lines followed by a run of inserted lines is paired line by
/// line; each pair that parses as two JSON objects is compared key by key (nested objects by
/// dotted path, `payload.aps.alert`; arrays as whole values). Values longer than
/// ``maxValueLength`` are elided around the change (`"…until 6 PM CDT…"`).
public struct FieldDiff: Sendable, Hashable {
    /// One replaced line and its changed fields.
    public struct Change: Sendable, Hashable {
        /// The expected (old) line, 1-based.
        public var line: Int
        /// The old line's `event`, when it has one.
        public var event: String?
        /// One `key: old → new` text per changed key, in key order.
        public var fields: [String]

        public init(line: Int, event: String?, fields: [String]) {
            self.line = line
            self.event = event
            self.fields = fields
        }
    }

    /// A value printed longer than this is elided around the change.
    public static let maxValueLength = 60
    /// Characters of unchanged text kept on each side of a change in an elided value.
    static let contextLength = 16

    /// The changed lines, in order.
    public var changes: [Change]

    /// The field changes of `diff`'s replaced lines.
    public init(_ diff: UnifiedDiff) {
        var changes: [Change] = []
        for hunk in diff.hunks {
            var oldLine = hunk.oldStart
            var deleted: [(line: Int, text: String)] = []
            var inserted: [String] = []
            func flush() {
                for (old, new) in zip(deleted, inserted) {
                    if let change = Self.change(line: old.line, old: old.text, new: new) { changes.append(change) }
                }
                deleted = []
                inserted = []
            }
            for line in hunk.lines {
                switch line.kind {
                case .context:
                    flush()
                    oldLine += 1
                case .deletion:
                    if !inserted.isEmpty { flush() }
                    deleted.append((oldLine, line.text))
                    oldLine += 1
                case .insertion:
                    inserted.append(line.text)
                }
            }
            flush()
        }
        self.changes = changes
    }

    /// Whether no replaced line had comparable fields.
    public var isEmpty: Bool { changes.isEmpty }

    /// The block printed under the unified diff, each line ending in a newline; empty when
    /// there is nothing to show.
    /// ```
    /// Changed fields (expected → actual):
    ///   line 12 (ADVISORY_AVAILABLE):
    ///     name: "Coastal Flood Advisory" → "Coastal Flood Warning"
    /// ```
    public var text: String {
        guard !changes.isEmpty else { return "" }
        var out = "Changed fields (expected → actual):\n"
        for change in changes {
            out += "  line \(change.line)\(change.event.map { " (\($0))" } ?? ""):\n"
            for field in change.fields { out += "    \(field)\n" }
        }
        return out
    }

    /// The first changed line in one sentence, for an annotation (`line 12 (push): alert: "a" → "b"`).
    public var summary: String? {
        guard let first = changes.first else { return nil }
        let shown = first.fields.prefix(3).joined(separator: "; ")
        let more = first.fields.count > 3 ? "; and \(first.fields.count - 3) more" : ""
        return "line \(first.line)\(first.event.map { " (\($0))" } ?? ""): \(shown)\(more)"
    }

    static func change(line: Int, old: String, new: String) -> Change? {
        guard case .object(let before)? = try? JSONValue.parse(old),
            case .object(let after)? = try? JSONValue.parse(new)
        else { return nil }
        var fields: [String] = []
        compare(before, after, prefix: "", into: &fields)
        guard !fields.isEmpty else { return nil }
        return Change(line: line, event: before["event"]?.stringValue, fields: fields)
    }

    private static func compare(
        _ before: [String: JSONValue], _ after: [String: JSONValue], prefix: String, into fields: inout [String]
    ) {
        let keys = Set(before.keys).union(after.keys).sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
        for key in keys where before[key] != after[key] {
            let path = prefix + key
            if case .object(let old)? = before[key], case .object(let new)? = after[key] {
                compare(old, new, prefix: path + ".", into: &fields)
                continue
            }
            let (old, new) = elided(before[key].map { $0.compact() }, after[key].map { $0.compact() })
            fields.append("\(path): \(old) → \(new)")
        }
    }

    /// Both texts (`(absent)` for a missing key), elided around their first and last difference
    /// when either is longer than ``maxValueLength``.
    static func elided(_ old: String?, _ new: String?) -> (String, String) {
        guard let old, let new else { return (old ?? "(absent)", new ?? "(absent)") }
        guard old.count > maxValueLength || new.count > maxValueLength else { return (old, new) }
        let a = Array(old)
        let b = Array(new)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        func cut(_ chars: [Character]) -> String {
            let start = max(0, prefix - contextLength)
            let end = min(chars.count, chars.count - suffix + contextLength)
            var middle = Array(chars[start..<end])
            let limit = maxValueLength + 2 * contextLength
            var tail = end < chars.count
            if middle.count > limit {
                middle = Array(middle.prefix(limit))
                tail = true
            }
            return (start > 0 ? "…" : "") + String(middle) + (tail ? "…" : "")
        }
        return (cut(a), cut(b))
    }
}
