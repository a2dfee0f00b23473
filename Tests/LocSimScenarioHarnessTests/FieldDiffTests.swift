import LocSimScenarioHarness
import Testing

@Suite struct FieldDiffTests {
    func fields(_ old: String, _ new: String) -> FieldDiff {
        FieldDiff(UnifiedDiff(old: old, new: new, oldLabel: "expected", newLabel: "actual"))
    }

    static let context = #"{"event":"location","t":1.000}"# + "\n"

    @Test func aChangedNameIsShownAsOldArrowNew() {
        let old = Self.context + #"{"event":"ADVISORY_AVAILABLE","name":"Coastal Flood Advisory","t":2.000}"# + "\n"
        let new = Self.context + #"{"event":"ADVISORY_AVAILABLE","name":"Coastal Flood Warning","t":2.000}"# + "\n"
        let diff = fields(old, new)
        #expect(
            diff.text == """
                Changed fields (expected → actual):
                  line 2 (ADVISORY_AVAILABLE):
                    name: "Coastal Flood Advisory" → "Coastal Flood Warning"

                """)
        #expect(
            diff.summary == #"line 2 (ADVISORY_AVAILABLE): name: "Coastal Flood Advisory" → "Coastal Flood Warning""#)
    }

    @Test func longValuesAreElidedAroundTheChange() {
        let body = String(repeating: "A", count: 80)
        let old = #"{"body":"\#(body)UNTIL 6 PM\#(body)","event":"e"}"# + "\n"
        let new = #"{"body":"\#(body)UNTIL 9 PM\#(body)","event":"e"}"# + "\n"
        let diff = fields(old, new)
        #expect(
            diff.changes.first?.fields == [
                "body: …AAAAAAAAAAUNTIL 6 PMAAAAAAAAAAAAA… → …AAAAAAAAAAUNTIL 9 PMAAAAAAAAAAAAA…"
            ])
    }

    @Test func addedRemovedAndNestedKeys() {
        let old = #"{"event":"push","payload":{"aps":{"alert":"a"}},"sound":"x"}"# + "\n"
        let new = #"{"event":"push","extra":1,"payload":{"aps":{"alert":"b"}}}"# + "\n"
        #expect(
            fields(old, new).changes == [
                FieldDiff.Change(
                    line: 1, event: "push",
                    fields: ["extra: (absent) → 1", #"payload.aps.alert: "a" → "b""#, #"sound: "x" → (absent)"#])
            ])
    }

    @Test func insertedLinesAndNonJSONHaveNoFields() {
        #expect(fields("a\n", "a\nb\n").isEmpty)
        #expect(fields("not json\n", "neither\n").isEmpty)
        #expect(fields("x\n", "x\n").text == "")
    }

    /// Pairs are made within a run: two replaced lines pair in order.
    @Test func runsPairLineByLine() {
        let old = #"{"n":1}"# + "\n" + #"{"n":2}"# + "\n"
        let new = #"{"n":10}"# + "\n" + #"{"n":20}"# + "\n"
        #expect(fields(old, new).changes.map(\.fields) == [["n: 1 → 10"], ["n: 2 → 20"]])
        #expect(fields(old, new).changes.map(\.line) == [1, 2])
    }
}
