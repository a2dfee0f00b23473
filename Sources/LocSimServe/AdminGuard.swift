/// Who may reset or shut the server down: a client that names it by address (`127.0.0.1:PORT`,
/// `[::1]:PORT`, `localhost:PORT`, a LAN address), not a web page. A browser's cross-site request
/// carries `Origin`, and a DNS-rebinding page names its own host in `Host`; either would let any
/// page the developer opens stop the server the UI tests are using.
enum AdminGuard {
    /// Why `request` may not change the server's state, or `nil` when it may.
    static func refusal(_ request: ServedRequest) -> String? {
        if let origin = request.header("origin") {
            return "a request from a web page (Origin: \(origin)) cannot reset or shut down the server"
        }
        guard let host = request.header("host"), isAddress(host) else {
            return "the Host header must name the server by address (127.0.0.1, [::1], localhost)"
        }
        return nil
    }

    /// Whether `host` (with or without a port) is `localhost` or an IP address literal: what
    /// ``Listener/isBindable(_:)`` takes, once the port is off.
    static func isAddress(_ host: String) -> Bool {
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            return Listener.isBindable(String(host[...close]))
        }
        let name = host.firstIndex(of: ":").map { String(host[..<$0]) } ?? host
        return Listener.isBindable(name.lowercased())
    }
}
