/// Quoting for POSIX shell words: commands printed for people to paste, and scripts locsim writes.
package enum ShellQuote {
    /// `word` as is when it needs no quoting, otherwise single-quoted.
    package static func quote(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "/", "+", ",", ":", "@", "%", "=": true
            default: false
            }
        }
        return safe && !word.isEmpty ? word : singleQuoted(word)
    }

    /// `word` single-quoted, always (an embedded `'` becomes `'\''`).
    package static func singleQuoted(_ word: String) -> String {
        "'" + word.replacing("'", with: #"'\''"#) + "'"
    }
}
