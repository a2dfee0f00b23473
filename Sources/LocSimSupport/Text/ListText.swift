/// Lists of names in messages: `a, b or c`.
package enum ListText {
    /// `values` joined with commas and `conjunction` before the last one: `a`, `a or b`,
    /// `a, b or c`; each value wrapped in `quote` (`'a', 'b' or 'c'`). `pairConjunction` joins a
    /// list of exactly two instead (swift-argument-parser writes `'a' and 'b'`); a `nil`
    /// `conjunction` joins every value with a comma (`"a", "b", "c"`).
    package static func joined(
        _ values: [String], quote: String = "", conjunction: String? = "or", pairConjunction: String? = nil
    ) -> String {
        let quoted = values.map { quote + $0 + quote }
        guard let conjunction, let last = quoted.last, quoted.count > 1 else {
            return quoted.joined(separator: ", ")
        }
        if quoted.count == 2 { return quoted[0] + " " + (pairConjunction ?? conjunction) + " " + last }
        return quoted.dropLast().joined(separator: ", ") + " " + conjunction + " " + last
    }
}
