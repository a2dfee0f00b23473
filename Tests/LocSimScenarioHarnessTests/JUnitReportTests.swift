import Foundation
import LocSimScenarioHarness
import Testing

@Suite struct JUnitReportTests {
    let recordings = URL(fileURLWithPath: "/repo/Recordings")

    func result(_ name: String, _ outcome: ScenarioOutcome, _ duration: Double) -> ScenarioResult {
        ScenarioResult(
            name: name, location: ScenarioLocation(name: name, recordingsDirectory: recordings), outcome: outcome,
            duration: duration)
    }

    @Test func goldenReport() {
        let diff = UnifiedDiff(
            old: #"{"event":"push","alert":"a & <b>"}"# + "\n", new: #"{"event":"push","alert":"]]>"}"# + "\n",
            oldLabel: "Recordings/fr\"an&k/expected.jsonl", newLabel: "actual")
        let fileError = ScenarioFileError(
            file: "Recordings/bad/scenario.json",
            diagnostics: [.init(keyPath: "seed", message: "'seed' must be a whole number, got \"x\"")])
        let report = TestReport(
            results: [
                result("bad", .invalidScenario(fileError), 0.001),
                result("fr\"an&k", .mismatch(diff), 1.2345),
                result("ok", .passed, 0.5),
            ], duration: 2.0004, githubActions: false)
        #expect(
            report.junitXML == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites tests="3" failures="1" errors="1" time="2.000">
                  <testsuite name="locsim" tests="3" failures="1" errors="1" time="2.000">
                    <testcase classname="locsim.scenarios" name="bad" time="0.001">
                      <error message="bad: invalid scenario"><![CDATA[Recordings/bad/scenario.json: error: 'seed' must be a whole number, got "x"
                ]]></error>
                    </testcase>
                    <testcase classname="locsim.scenarios" name="fr&quot;an&amp;k" time="1.235">
                      <failure message="fr&quot;an&amp;k: transcript differs from Recordings/fr&quot;an&amp;k/expected.jsonl"><![CDATA[--- Recordings/fr"an&k/expected.jsonl
                +++ actual
                @@ -1 +1 @@
                -{"event":"push","alert":"a & <b>"}
                +{"event":"push","alert":"]]]]><![CDATA[>"}
                Changed fields (expected → actual):
                  line 1 (push):
                    alert: "a & <b>" → "]]]]><![CDATA[>"
                To accept the new transcript, run: locsim test 'fr"an&k' --update
                ]]></failure>
                    </testcase>
                    <testcase classname="locsim.scenarios" name="ok" time="0.500"/>
                  </testsuite>
                </testsuites>

                """)
    }

    @Test func forbiddenCharactersAreReplaced() {
        let report = TestReport(
            results: [result("x\u{1}y", .runFailed(message: "bell \u{7} here\nnext"), 0)], duration: 0,
            githubActions: false)
        let xml = report.junitXML
        #expect(xml.contains(#"name="x\#u{FFFD}y""#))
        // The message is the report's: the controls of the name and of the run's message shown
        // as the terminal shows them (issue 34 item 9), which XML carries as they are.
        #expect(xml.contains(#"message="x\u{01}y: the run failed: bell \u{07} here&#10;next""#))
        #expect(xml.contains("<error "))
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}
