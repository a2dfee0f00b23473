import LocSimSupport

/// What a base URL may look like.
enum BaseURLText {
    /// `http://` or `https://` with a host, no blank, query or fragment.
    static func isHTTPURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        let rest: Substring
        if lower.hasPrefix("http://") {
            rest = lower.dropFirst(7)
        } else if lower.hasPrefix("https://") {
            rest = lower.dropFirst(8)
        } else {
            return false
        }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty && !text.contains(" ") && !text.contains("?") && !text.contains("#")
    }

}
