extension String {
    /// The optimal-string-alignment (restricted Damerau–Levenshtein) distance to `other`:
    /// insertions, deletions, substitutions and transpositions of adjacent characters cost 1.
    package func editDistance(to other: String) -> Int {
        let source = Array(self)
        let target = Array(other)
        if source.isEmpty { return target.count }
        if target.isEmpty { return source.count }
        var beforePrevious: [Int] = []
        var previous: [Int] = []
        var row = Array(0...target.count)
        for i in 1...source.count {
            (beforePrevious, previous) = (previous, row)
            row = [i] + Array(repeating: 0, count: target.count)
            for j in 1...target.count {
                let cost = source[i - 1] == target[j - 1] ? 0 : 1
                var best = Swift.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, source[i - 1] == target[j - 2], source[i - 2] == target[j - 1] {
                    best = Swift.min(best, beforePrevious[j - 2] + 1)
                }
                row[j] = best
            }
        }
        return row[target.count]
    }

    /// "Did you mean …?": the candidate closest to `self` by ``editDistance(to:)``, or `nil` when
    /// none is close enough to be a plausible typo. The earlier candidate wins ties, so callers
    /// pass candidates in a stable order.
    ///
    /// - Parameters:
    ///   - maximumDistance: the most edits a suggestion may be away.
    ///   - editsPerCharacters: when set, long candidates allow more edits: one per that many
    ///     characters of the candidate, if that is more than `maximumDistance`.
    ///   - ignoringCase: compare lowercased (`Seed` suggests `seed`).
    package func closest(
        among candidates: some Sequence<String>, maximumDistance: Int = 2, editsPerCharacters: Int? = nil,
        ignoringCase: Bool = false
    ) -> String? {
        let word = ignoringCase ? lowercased() : self
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = word.editDistance(to: ignoringCase ? candidate.lowercased() : candidate)
            let limit = Swift.max(maximumDistance, editsPerCharacters.map { candidate.count / $0 } ?? 0)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }
}
