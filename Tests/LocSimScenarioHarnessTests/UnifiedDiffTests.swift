import Foundation
import LocSimScenarioHarness
import Testing

@Suite struct UnifiedDiffTests {
    func lines(_ range: ClosedRange<Int>, changing changes: [Int: String] = [:]) -> String {
        range.map { changes[$0] ?? "line \($0)" }.map { $0 + "\n" }.joined()
    }

    func diff(_ old: String, _ new: String) -> String {
        UnifiedDiff(old: old, new: new, oldLabel: "Recordings/x/expected.jsonl", newLabel: "actual").text
    }

    @Test func equalTextsHaveNoDiff() {
        let diff = UnifiedDiff(old: "a\nb\n", new: "a\nb\n", oldLabel: "old", newLabel: "new")
        #expect(diff.isEmpty)
        #expect(diff.text == "")
        #expect(diff.firstChangedOldLine == nil)
    }

    @Test func oneChangeWithThreeLinesOfContext() {
        #expect(
            diff(lines(1...10), lines(1...10, changing: [5: "LINE 5"])) == """
                --- Recordings/x/expected.jsonl
                +++ actual
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +LINE 5
                 line 6
                 line 7
                 line 8

                """)
    }

    @Test func distantChangesMakeSeparateHunks() {
        let new =
            lines(1...20, changing: [2: "two"]).replacingOccurrences(of: "line 15\n", with: "")
            + "line 21\n"
        #expect(
            diff(lines(1...20), new) == """
                --- Recordings/x/expected.jsonl
                +++ actual
                @@ -1,5 +1,5 @@
                 line 1
                -line 2
                +two
                 line 3
                 line 4
                 line 5
                @@ -12,9 +12,9 @@
                 line 12
                 line 13
                 line 14
                -line 15
                 line 16
                 line 17
                 line 18
                 line 19
                 line 20
                +line 21

                """)
    }

    @Test func changesSixLinesApartShareAHunk() {
        #expect(
            diff(lines(1...12), lines(1...12, changing: [3: "three", 10: "ten"])) == """
                --- Recordings/x/expected.jsonl
                +++ actual
                @@ -1,12 +1,12 @@
                 line 1
                 line 2
                -line 3
                +three
                 line 4
                 line 5
                 line 6
                 line 7
                 line 8
                 line 9
                -line 10
                +ten
                 line 11
                 line 12

                """)
    }

    @Test func missingTrailingNewlineIsMarked() {
        #expect(
            diff("a\nb\nc\n", "a\nb\nc") == """
                --- Recordings/x/expected.jsonl
                +++ actual
                @@ -1,3 +1,3 @@
                 a
                 b
                -c
                +c
                \\ No newline at end of file

                """)
        #expect(
            diff("a\nb", "a\nb\nc") == """
                --- Recordings/x/expected.jsonl
                +++ actual
                @@ -1,2 +1,3 @@
                 a
                -b
                \\ No newline at end of file
                +b
                +c
                \\ No newline at end of file

                """)
    }

    @Test func singleLineAndEmptyRangesUseGNUHeaders() {
        #expect(
            diff("", "new\n") == """
                --- Recordings/x/expected.jsonl
                +++ actual
                @@ -0,0 +1 @@
                +new

                """)
        #expect(
            diff("a\nb\nc\nd\ne\n", "a\nb\nc\nX\nY\nd\ne\n") == """
                --- Recordings/x/expected.jsonl
                +++ actual
                @@ -1,5 +1,7 @@
                 a
                 b
                 c
                +X
                +Y
                 d
                 e

                """)
        #expect(
            diff(lines(1...9), lines(1...9).replacingOccurrences(of: "line 1\n", with: "")).hasPrefix(
                "--- Recordings/x/expected.jsonl\n+++ actual\n@@ -1,4 +1,3 @@\n-line 1\n line 2\n"))
        #expect(diff("x\n", "y\n").contains("@@ -1 +1 @@\n-x\n+y\n"))
    }

    @Test func pureInsertionInTheMiddleCountsFromTheLineBefore() {
        let old = lines(1...20)
        let new = lines(1...10) + "inserted\n" + lines(11...20)
        let diff = UnifiedDiff(old: old, new: new, oldLabel: "o", newLabel: "n", context: 0)
        #expect(diff.hunks.map(\.header) == ["@@ -10,0 +11 @@"])
        #expect(diff.firstChangedOldLine == 11)
    }

    @Test func firstChangedOldLinePointsAtTheFirstDifference() {
        #expect(
            UnifiedDiff(old: lines(1...10), new: lines(1...10, changing: [7: "x"]), oldLabel: "", newLabel: "")
                .firstChangedOldLine == 7)
        #expect(UnifiedDiff(old: lines(1...3), new: lines(1...4), oldLabel: "", newLabel: "").firstChangedOldLine == 3)
        #expect(UnifiedDiff(old: "", new: "a\n", oldLabel: "", newLabel: "").firstChangedOldLine == 1)
    }

    /// `"\r\n"` is one Character; lines still end at each LF (a CRLF file is not one line).
    @Test func crlfTextIsSplitIntoLines() {
        let diff = UnifiedDiff(old: "a\r\nb\r\nc\r\n", new: "a\r\nB\r\nc\r\n", oldLabel: "old", newLabel: "new")
        #expect(diff.hunks.count == 1)
        #expect(diff.hunks.first?.header == "@@ -1,3 +1,3 @@")
        #expect(diff.hunks.first?.lines.map(\.text) == ["a\r", "b\r", "B\r", "c\r"])
    }
}
