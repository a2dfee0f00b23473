import LocSimCanonicalJSON
import LocSimHTTPRecording

/// The JSON body of a 404 for a request no recording answers:
/// `{"error":"not_recorded","request":…,"closest":…,"differs":[…],"record":"<command>"}`.
enum MissReport {
    /// The body for `report` (already redacted); `display` maps cassette paths to how people see them.
    static func json(_ report: UnmatchedRequestReport, display: (String) -> String) -> JSONValue {
        let closest: JSONValue =
            report.closest.map { entry in
                .object([
                    "method": .string(entry.interaction.request.method), "url": .string(entry.interaction.request.url),
                    "source": .string(entry.source.isEmpty ? "recorded in this session" : display(entry.source)),
                    "index": .int(entry.index),
                ])
            } ?? .null
        return .object([
            "error": .string("not_recorded"),
            "request": .object(["method": .string(report.request.method), "url": .string(report.request.url)]),
            "closest": closest,
            "differs": .array(report.differences.map(JSONValue.string)),
            "searched": .string(display(report.searched)),
            "record": .string(report.recordCommand),
        ])
    }

    /// The body for a request that is not routed to any recorded host.
    static func unrouted(method: String, url: String, reason: String, record: String) -> JSONValue {
        .object([
            "error": .string("not_recorded"),
            "request": .object(["method": .string(method), "url": .string(url)]),
            "closest": .null, "differs": .array([.string(reason)]), "record": .string(record),
        ])
    }
}
