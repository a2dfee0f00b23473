import LocSimHTTPRecording
import LocSimSupport

/// One HTTP/1.x request as read off a connection, before routing.
struct ServedRequest: Sendable, Hashable {
    var method: String
    /// The request target as sent: origin form (`/aeris/alerts?x=1`) or absolute (`http://host/…`).
    var target: String
    /// `1` for HTTP/1.1, `0` for HTTP/1.0.
    var minorVersion: Int
    /// Header fields in arrival order, names as sent.
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    static func == (lhs: ServedRequest, rhs: ServedRequest) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.minorVersion == rhs.minorVersion
            && lhs.headers.map(\.name) == rhs.headers.map(\.name)
            && lhs.headers.map(\.value) == rhs.headers.map(\.value)
            && lhs.body == rhs.body
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(target)
        hasher.combine(body)
    }

    /// The first value of header `name` (given in lowercase), compared case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { Self.isField($0.name, named: name) }?.value
    }

    /// Whether field name `name` is `lowercased` in any case (ASCII), without allocating.
    static func isField(_ name: String, named lowercased: String) -> Bool {
        HTTPWire.isField(name, named: lowercased)
    }

    /// Whether the connection stays open after the answer: HTTP/1.1 unless `Connection: close`,
    /// HTTP/1.0 only with `Connection: keep-alive`.
    var keepsAlive: Bool {
        guard let value = header("connection") else { return minorVersion >= 1 }
        let tokens = value.lowercased().split(separator: ",").map { String($0).trimmingBlanks() }
        return minorVersion >= 1 ? !tokens.contains("close") : tokens.contains("keep-alive")
    }

    /// Header fields folded into a dictionary (repeated names joined with `, `).
    var headerDictionary: [String: String] {
        HTTPWire.folded(headers)
    }
}
