/// An HTTP request as a value: what providers build, what cassettes store and match.
public struct HTTPRequest: Sendable, Hashable, Codable {
    public var method: String
    /// The absolute URL, query included (`https://api.aerisapi.com/advisories/franklin,la,us?client_id=…`).
    public var url: String
    /// Header fields; names keep the caller's spelling and are compared case-insensitively.
    public var headers: [String: String]
    public var body: [UInt8]

    public init(method: String = "GET", url: String, headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}
