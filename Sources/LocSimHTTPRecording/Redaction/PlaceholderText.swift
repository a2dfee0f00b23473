/// Whether a header value holds placeholders only, and so no secret: what a recording, an
/// exported HAR or a hand-written cassette holds in place of a credential.
enum PlaceholderText {
    /// Each item of `value` (split at `,` and `;`, as repeated headers and cookies are joined) is
    /// a placeholder (`<TOKEN>`), an authorization scheme and a placeholder (`Bearer <TOKEN>`:
    /// ``SecretNames/authSchemes``) or a cookie with a placeholder value (`session=<SESSION>`).
    /// `Bearer sk_live_…, Bearer <TOKEN>` and `sk_live_… <TOKEN>` are not.
    static func holdsOnlyPlaceholders(_ value: String) -> Bool {
        let items = value.split(whereSeparator: { $0 == "," || $0 == ";" }).map { $0.trimmingSpaces }
        guard !items.isEmpty else { return false }
        return items.allSatisfy { item in
            if RequestSignature.isPlaceholder(item) { return true }
            let words = item.split(separator: " ", omittingEmptySubsequences: true)
            if words.count == 2, SecretNames.authSchemes.contains(words[0].lowercased()),
                RequestSignature.isPlaceholder(String(words[1]))
            {
                return true
            }
            if let equals = item.firstIndex(of: "="), equals > item.startIndex {
                let name = item[..<equals]
                return !name.contains(" ") && RequestSignature.isPlaceholder(String(item[item.index(after: equals)...]))
            }
            return false
        }
    }
}

extension Substring {
    /// Without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
