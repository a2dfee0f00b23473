extension String {
    /// The optimal-string-alignment (restricted Damerau–Levenshtein) distance to `other`:
    /// insertions, deletions, substitutions and transpositions of adjacent characters cost 1.
    func editDistance(to other: String) -> Int {
        let source = Array(self)
        let target = Array(other)
        if source.isEmpty { return target.count }
        if target.isEmpty { return source.count }
        var previousRow: [Int] = []
        var row = Array(0...target.count)
        for i in 1...source.count {
            let beforePrevious = previousRow
            previousRow = row
            row = [i] + Array(repeating: 0, count: target.count)
            for j in 1...target.count {
                let cost = source[i - 1] == target[j - 1] ? 0 : 1
                var best = Swift.min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, source[i - 1] == target[j - 2], source[i - 2] == target[j - 1] {
                    best = Swift.min(best, beforePrevious[j - 2] + 1)
                }
                row[j] = best
            }
        }
        return row[target.count]
    }

    /// The candidate closest to `self` within `maximumDistance` edits; the first listed wins ties.
    func closest(among candidates: [String], maximumDistance: Int = 2) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(to: candidate)
            if distance <= maximumDistance, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }
}
