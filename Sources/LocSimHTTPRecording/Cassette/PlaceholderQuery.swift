/// A stored request's query spells placeholders one way: `client_id=<AERIS_CLIENT_ID>`, as a
/// recording with the key set writes it, not `client_id=%3CAERIS_CLIENT_ID%3E`, which a provider
/// sends when the key is not set (a recording without keys, `record --from-fixtures`).
enum PlaceholderQuery {
    /// `url` with every percent-encoded placeholder value of its query written plainly.
    static func plain(_ url: String) -> String {
        guard let question = url.firstIndex(of: "?") else { return url }
        let fragmentStart = url[question...].firstIndex(of: "#") ?? url.endIndex
        let query = url[url.index(after: question)..<fragmentStart]
        guard query.contains("%3C") || query.contains("%3c") else { return url }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let value = URLParts.percentDecode(pair[pair.index(after: equals)...], plusIsSpace: false)
            guard RequestSignature.isPlaceholder(value) else { return String(pair) }
            return String(pair[...equals]) + value
        }
        return String(url[...question]) + pairs.joined(separator: "&") + String(url[fragmentStart...])
    }
}
