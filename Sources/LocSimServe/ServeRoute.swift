public import LocSimHTTPRecording
import LocSimSupport

/// Where a request goes: the admin endpoints under `/__locsim/`, or a recorded URL.
///
/// - `/<endpoint-key>/<path>` is the endpoint's default base URL followed by `<path>`
///   (`/aeris/advisories/x?y=1` → `https://api.aerisapi.com/advisories/x?y=1`);
/// - an absolute target (proxy form, `GET http://api.weather.gov/alerts …`) is taken as it is;
/// - any other target with a `Host` that is not this server's (`Host: api.weather.gov`) is
///   that host's `https://` URL.
///
/// Anything else is a URL on this server itself, which no recording answers.
public enum ServeRoute: Sendable, Hashable {
    /// `GET /__locsim/<name>` and friends.
    case admin(String)
    /// The absolute URL matched against the recordings.
    case recorded(url: String)
    /// Not a recorded URL: the URL as seen on this server, and why.
    case unrouted(url: String, reason: String)

    /// The prefix of the admin endpoints.
    public static let adminPrefix = "/__locsim/"

    /// Routes `target` (with the request's `Host` header) for a server reached at `serverBase`
    /// (`http://127.0.0.1:8080`).
    public static func resolve(
        target: String, host: String?, endpoints: Endpoints, serverBase: String
    ) -> ServeRoute {
        if target.hasPrefix(adminPrefix) {
            let name = target.dropFirst(adminPrefix.count).prefix { $0 != "?" }
            return .admin(String(name))
        }
        if !target.hasPrefix("/") {
            let lower = target.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
                return .unrouted(url: serverBase + "/" + target, reason: "the request target is not a path or a URL")
            }
            return .recorded(url: withoutDotSegments(withoutUserInfo(target, replacement: "")))
        }
        let segmentEnd = target.dropFirst().firstIndex { $0 == "/" || $0 == "?" } ?? target.endIndex
        let first = String(target[target.index(after: target.startIndex)..<segmentEnd])
        if let key = EndpointKey(rawValue: first), let base = endpoints[key] {
            return .recorded(url: withoutDotSegments(base + target[segmentEnd...]))
        }
        if let host, !isLocal(host) {
            return .recorded(url: withoutDotSegments("https://" + host.lowercased() + target))
        }
        let keys = endpoints.keys.map(\.rawValue)
        return .unrouted(
            url: serverBase + target,
            reason:
                "the first path segment names no endpoint; expected /<key>/… with key one of \(ListText.joined(keys))")
    }

    /// `url` with the `user:password@` of its authority replaced by `replacement`
    /// (`http://user:pw@host/x` → `http://<REDACTED_USERINFO>@host/x`): credentials in a URL are
    /// never matched (routing drops them), logged or reported.
    public static func withoutUserInfo(_ url: String, replacement: String = "<REDACTED_USERINFO>@") -> String {
        guard let scheme = url.firstRange(of: "://") else { return url }
        let authority = url[scheme.upperBound...]
        let authorityEnd = authority.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
        guard let at = url[scheme.upperBound..<authorityEnd].lastIndex(of: "@") else { return url }
        return String(url[..<scheme.upperBound]) + replacement + url[url.index(after: at)...]
    }

    /// `url` with the `.` and `..` segments of its path resolved (RFC 3986, 5.2.4), as URLSession
    /// sends a URL: `/nws/../../x` is `https://api.weather.gov/x`, never recorded with the dots.
    static func withoutDotSegments(_ url: String) -> String {
        guard let scheme = url.firstRange(of: "://") else { return url }
        let pathStart = url[scheme.upperBound...].firstIndex(of: "/") ?? url.endIndex
        let pathEnd = url[pathStart...].firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        let path = url[pathStart..<pathEnd]
        guard path.contains(".") else { return url }
        var kept: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".": if isLast { kept.append("") }
            case "..":
                _ = kept.popLast()
                if isLast { kept.append("") }
            default: kept.append(segment)
            }
        }
        return String(url[..<pathStart]) + "/" + kept.joined(separator: "/") + url[pathEnd...]
    }

    /// Whether a `Host` value names this machine (so it is not a recorded host).
    static func isLocal(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("[") {
            name = String(name.prefix { $0 != "]" }.dropFirst())
        } else if let colon = name.lastIndex(of: ":") {
            name = String(name[..<colon])
        }
        return name == "localhost" || name == "::1" || name == "0.0.0.0" || name.hasPrefix("127.") || name.isEmpty
            || name.hasSuffix(".localhost") || name.allSatisfy { $0.isNumber || $0 == "." }
    }
}
