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

    /// `text` without trailing slashes.
    static func stripTrailingSlashes(_ text: String) -> String {
        var result = Substring(text)
        while result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingBlanks() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[start...lastIndex(where: { !isBlank($0) })!])
    }
}

/// Joins lists for messages.
public enum ListText {
    /// `a, b or c`.
    public static func orList(_ values: [String]) -> String {
        guard let last = values.last else { return "" }
        if values.count == 1 { return last }
        return values.dropLast().joined(separator: ", ") + " or " + last
    }
}
