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

    /// Parses `HOST=ADDRESS:PORT`; `nil` unless both sides are non-empty and the port is a number.
    public static func route(argument: String) -> (host: String, address: String)? {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        let host = argument[..<equals].lowercased()
        let address = String(argument[argument.index(after: equals)...])
        guard !host.isEmpty, !host.contains("/"), !host.contains(":"), let colon = address.lastIndex(of: ":"),
            colon != address.startIndex, let port = Int(address[address.index(after: colon)...]),
            (1...65535).contains(port),
            !address.contains("/")
        else { return nil }
        return (host, address)
    }

    /// The environment variable a recording URLSession reads its routes from:
    /// `LOCSIM_CONNECT_TO=api.weather.gov=127.0.0.1:8765,api.aerisapi.com=127.0.0.1:8766`.
    public static let environmentVariable = "LOCSIM_CONNECT_TO"

    /// Parses a comma-separated list of `HOST=ADDRESS:PORT` (``route(argument:)`` each; empty
    /// entries are skipped). Throws ``RecordingError/configuration(_:)`` naming the first bad entry
    /// and `source` (the variable or option it came from).
    public static func routes(list: String, source: String) throws(RecordingError) -> [String: String] {
        var routes: [String: String] = [:]
        for entry in list.split(separator: ",", omittingEmptySubsequences: true) {
            let text = entry.trimmingCharacters(in: .whitespaces)
            guard let route = route(argument: text) else {
                throw .configuration("\(source): '\(text)' is not host=addr:port (e.g. api.weather.gov=127.0.0.1:8765)")
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
