import LocSimHTTPRecording
import LocSimSupport

/// Which URLs a server whose session sends requests live (`serve --record`) may fetch: those on
/// an origin the run's endpoints declare (each endpoint's default base URL and its current one,
/// host and port), and any URL on a host of ``ServeOptions/forwardHosts`` (`--connect-to`, which
/// names where that host's requests go). Anything else — an absolute-form target or a `Host`
/// naming 127.0.0.1, an internal address, any other site — is never fetched, so the server is
/// not an open proxy (issue 34 item 4).
struct ForwardPolicy: Sendable {
    /// A host and port as compared: `port` is `nil` for the scheme's default (80, 443), so
    /// `http://api.aerisapi.com/` and `https://api.aerisapi.com/` are the same origin here.
    private struct Origin: Hashable {
        var host: String
        var port: Int?

        /// `host` or `host:port`, as a refusal names it.
        var text: String { port.map { "\(host):\($0)" } ?? host }
    }

    private let origins: Set<Origin>
    private let hosts: Set<String>
    /// The hosts named in a refusal, in declaration order.
    private let shown: [String]

    init(endpoints: Endpoints, forwardHosts: [String]) {
        var origins: [Origin] = []
        for declaration in endpoints.declarations {
            for base in [declaration.defaultBaseURL, endpoints[declaration.key]].compactMap({ $0 }) {
                if let origin = Self.origin(of: base), !origins.contains(origin) { origins.append(origin) }
            }
        }
        self.origins = Set(origins)
        let hosts = forwardHosts.map { $0.lowercased() }
        self.hosts = Set(hosts)
        var shown: [String] = []
        for name in origins.map(\.text) + hosts
        where !shown.contains(name) {
            shown.append(name)
        }
        self.shown = shown
    }

    /// Why `url` is not fetched, or `nil` when it may be.
    func refusal(for url: String) -> String? {
        guard let origin = Self.origin(of: url) else {
            return "the URL's authority is not a plain host[:port], so it is not forwarded"
        }
        if origins.contains(origin) || hosts.contains(origin.host) { return nil }
        return "\(origin.text) is not a host this run's endpoints "
            + "declare, so it is not forwarded (forwarded: \(ListText.joined(shown)); --connect-to adds a host)"
    }

    /// The origin of an `http://` or `https://` URL whose authority is a plain host (a name, an
    /// IPv4 address or a bracketed IPv6 one) and an optional port; `nil` for anything else
    /// (user info, a percent sign or backslash in the authority, a port that is not a number).
    private static func origin(of url: String) -> Origin? {
        let lower = url.lowercased()
        let scheme: String
        if lower.hasPrefix("http://") {
            scheme = "http"
        } else if lower.hasPrefix("https://") {
            scheme = "https"
        } else {
            return nil
        }
        let rest = lower.dropFirst(scheme.count + 3)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var host = authority
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { return nil }
            if !after.isEmpty { portText = after.dropFirst() }
            guard host.dropFirst().dropLast().allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                return nil
            }
        } else {
            if let colon = authority.firstIndex(of: ":") {
                host = authority[..<colon]
                portText = authority[authority.index(after: colon)...]
            }
            guard host.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "." || $0 == "-" }) else {
                return nil
            }
        }
        guard !host.isEmpty else { return nil }
        var port: Int?
        if let portText {
            guard (1...5).contains(portText.count), portText.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(portText), (1...65535).contains(number)
            else { return nil }
            port = number == (scheme == "http" ? 80 : 443) ? nil : number
        }
        return Origin(host: String(host), port: port)
    }
}
