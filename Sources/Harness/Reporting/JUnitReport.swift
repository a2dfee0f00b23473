import CanonicalJSON

/// JUnit XML for CI dashboards: one `<testsuite name="locsim">`, one `<testcase>` per scenario
/// (classname `locsim.scenarios`), a `<failure>` with the diff for a checked-and-wrong scenario and
/// an `<error>` for one that could not run. Times are seconds with 3 decimals.
public enum JUnitReport {
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
                "    <testcase classname=\"locsim.scenarios\" name=\"\(attribute(result.name))\" "
                + "time=\"\(seconds(result.duration))\""
            if result.passed {
                out += open + "/>\n"
                continue
            }
            let element = result.outcome.isError ? "error" : "failure"
            let message = result.failureMessage ?? result.name
            let body = result.details.isEmpty ? message + "\n" : result.details
            out += open + ">\n"
            out += "      <\(element) message=\"\(attribute(message))\">\(cdata(body))</\(element)>\n"
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    static func seconds(_ value: Double) -> String { formatFixed(max(0, value), decimals: 3) }

    /// Escapes an attribute value; characters XML 1.0 forbids become U+FFFD.
    static func attribute(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default: out.unicodeScalars.append(allowed(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    /// A CDATA section holding `text`: `]]>` is split across two sections, forbidden characters
    /// become U+FFFD.
    static func cdata(_ text: String) -> String {
        var clean = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { clean.append(allowed(scalar) ? scalar : "\u{FFFD}") }
        let body = String(clean).split(separator: "]]>", omittingEmptySubsequences: false).joined(
            separator: "]]]]><![CDATA[>")
        return "<![CDATA[" + body + "]]>"
    }

    /// Whether XML 1.0 allows the character.
    private static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
