/// What `--host` values mean for the warning.
enum ServeAddress {
    /// Whether `host` is a loopback address (only this machine can connect).
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }
}
