import LocSimCanonicalJSON
import LocSimSupport

/// JUnit XML for CI dashboards: one `<testsuite name="locsim">`, one `<testcase>` per scenario
/// (classname `locsim.scenarios`), a `<failure>` with the diff for a checked-and-wrong scenario and
/// an `<error>` for one that could not run. Times are seconds with 3 decimals.
package enum JUnitReport {
    /// The XML document, ending in a newline.
    public static func xml(for report: TestReport) -> String {
        let failures = report.results.count { !$0.passed && !$0.outcome.isError }
        let errors = report.results.count { $0.outcome.isError }
        let counts =
            "tests=\"\(report.results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" "
            + "time=\"\(seconds(report.duration))\""
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites \(counts)>\n"
        out += "  <testsuite name=\"locsim\" \(counts)>\n"
        for result in report.results {
            let open =
                "    <testcase classname=\"locsim.scenarios\" name=\"\(XMLEscaping.escape(result.name, escapingWhitespace: true))\" "
                + "time=\"\(seconds(result.duration))\""
            if result.passed {
                out += open + "/>\n"
                continue
            }
            let element = result.outcome.isError ? "error" : "failure"
            let message = result.failureMessage ?? result.name
            let body = result.details.isEmpty ? message + "\n" : result.details
            out += open + ">\n"
            let attribute = XMLEscaping.escape(message, escapingWhitespace: true)
            out += "      <\(element) message=\"\(attribute)\">\(XMLEscaping.cdata(body))</\(element)>\n"
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    static func seconds(_ value: Double) -> String { formatFixed(max(0, value), decimals: 3) }
}
