import Foundation

/// Sends requests for some hosts to another address while the request, and so the recording,
/// keeps the real URL (`--connect-to api.aerisapi.com=127.0.0.1:8080`, like curl's
/// `--connect-to`). The connection is plain `http://` to the address given.
///
/// This is how hand-written provider bodies served on loopback become cassettes that answer the
/// real hosts: offline replays match on host, so a cassette recorded through a `--base-url`
/// override only answers that override.
public struct ConnectToClient: HTTPClient {
    /// The transport that really connects.
    public let base: any HTTPClient
    /// Host (lowercased) → `address:port`.
    public let routes: [String: String]

    public init(base: any HTTPClient, routes: [String: String]) {
        self.base = base
        self.routes = Dictionary(routes.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Parses `HOST=ADDRESS:PORT`; `nil` unless the host is a host name (letters, digits, `.`,
    /// `-`, `_`), the address one too (or a bracketed IPv6 address) and the port a number in
    /// 1...65535. No spaces anywhere: `api.weather.gov = 127.0.0.1:8765` would route a host
    /// no request has.
    public static func route(argument: String) -> (host: String, address: String)? {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        let host = argument[..<equals].lowercased()
        let address = String(argument[argument.index(after: equals)...])
        guard isHostName(host), let colon = address.lastIndex(of: ":"),
            let port = Int(address[address.index(after: colon)...]), (1...65535).contains(port)
        else { return nil }
        let name = address[..<colon]
        let bracketed =
            name.hasPrefix("[") && name.hasSuffix("]") && name.count > 2
            && name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        guard bracketed || isHostName(name) else { return nil }
        return (host, address)
    }

    private static func isHostName(_ text: some StringProtocol) -> Bool {
        !text.isEmpty
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") }
    }

    /// The environment variable a recording URLSession reads its routes from:
    /// `LOCSIM_CONNECT_TO=api.weather.gov=127.0.0.1:8765,api.aerisapi.com=127.0.0.1:8766`.
    public static let environmentVariable = "LOCSIM_CONNECT_TO"

    /// Parses a comma-separated list of `HOST=ADDRESS:PORT` (``route(argument:)`` each), with
    /// no spaces and no empty entries. Throws ``RecordingError/configuration(_:)`` naming
    /// `source` (the variable or option it came from), the whole value, the first bad entry and
    /// the accepted form; an empty list is refused too (unset the variable instead).
    public static func routes(list: String, source: String) throws(RecordingError) -> [String: String] {
        let form = "host=addr:port[,host=addr:port…], no spaces (e.g. api.weather.gov=127.0.0.1:8765)"
        guard !list.isEmpty else {
            throw .configuration("\(source) is set but empty; give \(form), or unset \(source)")
        }
        var routes: [String: String] = [:]
        for entry in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let route = route(argument: String(entry)) else {
                let which = entry.isEmpty ? "an empty entry" : "'\(entry)'"
                throw .configuration(
                    "\(source): \(which) is not host=addr:port (in \(source)='\(list)'); give \(form)")
            }
            routes[route.host] = route.address
        }
        return routes
    }

    public func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        try base.send(routed(request))
    }

    public func response(for request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try await base.response(for: routed(request))
    }

    /// `request` with its URL pointed at the route's address, when its host has a route.
    func routed(_ request: HTTPRequest) -> HTTPRequest {
        let parts = URLParts(request.url)
        guard let address = routes[parts.host], let schemeEnd = request.url.range(of: "://") else { return request }
        let afterScheme = request.url[schemeEnd.upperBound...]
        let rest = afterScheme.firstIndex { $0 == "/" || $0 == "?" }.map { afterScheme[$0...] } ?? ""
        var routed = request
        routed.url = "http://\(address)\(rest)"
        return routed
    }
}
