import LocSimSupport

/// A line diff of two texts in unified format, as `diff -u` and git print it.
///
/// ```
/// --- Recordings/franklin-la/expected.jsonl
/// +++ actual
/// @@ -3,7 +3,7 @@
///  {"event":"location",…}
/// -{"event":"push",…}
/// +{"event":"no_advisory",…}
/// ```
/// Hunk headers follow GNU diff: a count of 1 is omitted (`@@ -4 +4 @@`) and an empty range is
/// written as the line before it with count 0 (`@@ -3,0 +4,2 @@`). A last line without a newline
/// is followed by `\ No newline at end of file`, and differs from the same line with one.
public struct UnifiedDiff: Sendable, Hashable {
    /// One line of a hunk.
    public struct Line: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            case context, deletion, insertion
        }

        public var kind: Kind
        /// The line's text without its newline.
        public var text: String
        /// `false` only for a last line that has no newline.
        public var hasNewline: Bool
    }

    /// A run of changes with its context.
    public struct Hunk: Sendable, Hashable {
        /// First old line (1-based), or the line before an empty old range.
        public var oldStart: Int
        public var oldCount: Int
        /// First new line (1-based), or the line before an empty new range.
        public var newStart: Int
        public var newCount: Int
        public var lines: [Line]

        /// `@@ -a,b +c,d @@`.
        public var header: String {
            func range(_ start: Int, _ count: Int) -> String { count == 1 ? "\(start)" : "\(start),\(count)" }
            return "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@"
        }
    }

    /// The label on the `---` line.
    public var oldLabel: String
    /// The label on the `+++` line.
    public var newLabel: String
    /// The hunks; empty when the texts are equal.
    public var hunks: [Hunk]

    /// Diffs `old` against `new` with `context` unchanged lines around each change; changes at
    /// most `2 × context` lines apart share a hunk.
    public init(old: String, new: String, oldLabel: String, newLabel: String, context: Int = 3) {
        self.oldLabel = oldLabel
        self.newLabel = newLabel
        let oldLines = Self.split(old)
        let newLines = Self.split(new)
        var ids: [SplitLine: Int] = [:]
        let oldIDs = oldLines.map { line in
            ids[line]
                ?? {
                    ids[line] = ids.count
                    return ids.count - 1
                }()
        }
        let newIDs = newLines.map { line in
            ids[line]
                ?? {
                    ids[line] = ids.count
                    return ids.count - 1
                }()
        }
        let operations = MyersDiff.operations(from: oldIDs, to: newIDs)
        hunks = Self.hunks(operations, oldLines, newLines, context: max(0, context))
        if let firstChange = operations.firstIndex(where: { $0 != .equal }) {
            let line = operations[..<firstChange].count + 1
            firstChangedOldLine = max(1, min(line, oldLines.count))
        }
    }

    /// Whether the texts were equal.
    public var isEmpty: Bool { hunks.isEmpty }

    /// The first old line that is deleted or before which lines are inserted (1-based, clamped to
    /// the old file's lines, at least 1): where an annotation on the old file should point.
    /// `nil` when the texts were equal.
    public var firstChangedOldLine: Int?

    /// The diff as text: the two header lines and every hunk, each line ending in a newline;
    /// empty when the texts were equal.
    public var text: String {
        guard !hunks.isEmpty else { return "" }
        // The labels are paths: a folder's control characters (a line feed too) are shown, not sent.
        var out = "--- \(TerminalEscaping.escape(oldLabel))\n+++ \(TerminalEscaping.escape(newLabel))\n"
        for hunk in hunks {
            out += hunk.header + "\n"
            for line in hunk.lines {
                switch line.kind {
                case .context: out += " "
                case .deletion: out += "-"
                case .insertion: out += "+"
                }
                out += line.text + "\n"
                if !line.hasNewline { out += "\\ No newline at end of file\n" }
            }
        }
        return out
    }

    private struct SplitLine: Hashable {
        var text: Substring
        var hasNewline: Bool
    }

    /// Lines end at every LF, a CRLF's included (split on scalars: `"\r\n"` is one Character,
    /// so a Character split would read a CRLF file as one line); a CR stays in its line's text.
    private static func split(_ text: String) -> [SplitLine] {
        var parts = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Substring.init)
        let endsWithNewline = parts.last?.isEmpty == true
        if endsWithNewline { parts.removeLast() }
        return parts.enumerated().map { index, part in
            SplitLine(text: part, hasNewline: endsWithNewline || index < parts.count - 1)
        }
    }

    private static func hunks(
        _ operations: [MyersDiff.Operation], _ old: [SplitLine], _ new: [SplitLine], context: Int
    ) -> [Hunk] {
        // Runs of changes as half-open ranges of operation indices.
        var runs: [Range<Int>] = []
        var index = 0
        while index < operations.count {
            guard operations[index] != .equal else {
                index += 1
                continue
            }
            let start = index
            while index < operations.count, operations[index] != .equal { index += 1 }
            runs.append(start..<index)
        }
        // Old and new positions before each operation.
        var oldPosition = [Int](repeating: 0, count: operations.count + 1)
        var newPosition = [Int](repeating: 0, count: operations.count + 1)
        for (offset, operation) in operations.enumerated() {
            oldPosition[offset + 1] = oldPosition[offset] + (operation == .insert ? 0 : 1)
            newPosition[offset + 1] = newPosition[offset] + (operation == .delete ? 0 : 1)
        }

        var hunks: [Hunk] = []
        var runIndex = 0
        while runIndex < runs.count {
            var last = runIndex
            while last + 1 < runs.count, runs[last + 1].lowerBound - runs[last].upperBound <= 2 * context {
                last += 1
            }
            let start = max(0, runs[runIndex].lowerBound - context)
            let end = min(operations.count, runs[last].upperBound + context)
            var lines: [Line] = []
            for offset in start..<end {
                switch operations[offset] {
                case .equal:
                    let line = old[oldPosition[offset]]
                    lines.append(Line(kind: .context, text: String(line.text), hasNewline: line.hasNewline))
                case .delete:
                    let line = old[oldPosition[offset]]
                    lines.append(Line(kind: .deletion, text: String(line.text), hasNewline: line.hasNewline))
                case .insert:
                    let line = new[newPosition[offset]]
                    lines.append(Line(kind: .insertion, text: String(line.text), hasNewline: line.hasNewline))
                }
            }
            let oldCount = oldPosition[end] - oldPosition[start]
            let newCount = newPosition[end] - newPosition[start]
            hunks.append(
                Hunk(
                    oldStart: oldCount == 0 ? oldPosition[start] : oldPosition[start] + 1, oldCount: oldCount,
                    newStart: newCount == 0 ? newPosition[start] : newPosition[start] + 1, newCount: newCount,
                    lines: lines))
            runIndex = last + 1
        }
        return hunks
    }
}
