/// Quoting for commands printed for people to paste into a POSIX shell.
public enum ShellQuote {
    /// `word` as is when it needs no quoting, otherwise single-quoted.
    public static func quote(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "/", "+", ",", ":", "@", "%", "=": true
            default: false
            }
        }
        if safe, !word.isEmpty { return word }
        var quoted = "'"
        for character in word {
            if character == "'" { quoted += #"'\''"# } else { quoted.append(character) }
        }
        return quoted + "'"
    }
}
