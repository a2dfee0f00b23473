extension String {
    /// Without leading and trailing spaces and tabs.
    package func trimmingBlanks() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[start...lastIndex(where: { !isBlank($0) })!])
    }

    /// Without trailing slashes: how base URLs are kept (`https://api.example.com`).
    package func droppingTrailingSlashes() -> String {
        var result = Substring(self)
        while result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}
