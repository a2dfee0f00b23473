/// What a scenario folder may be called: lower-case letters, digits, `-`, `_` and `.`, starting
/// with a letter or digit, so every command that names it can be pasted into a shell as is.
package enum ScenarioName {
    /// Why `name` is not a scenario name, or `nil` when it is one.
    public static func problem(_ name: String) -> String? {
        guard let first = name.unicodeScalars.first else { return "a scenario name cannot be empty" }
        guard name.unicodeScalars.count <= 100 else { return "a scenario name has at most 100 characters" }
        let valid = name.unicodeScalars.allSatisfy { allowed($0) }
        guard valid, first != "-", first != "_", first != "." else {
            return "a scenario name uses lower-case letters, digits, '-', '_' and '.', "
                + "and starts with a letter or digit (try '\(suggested(from: name))')"
        }
        return nil
    }

    /// A valid name close to `text`: lower-cased, other characters as `-`, runs collapsed
    /// (`My Drive (2)` → `my-drive-2`); `scenario` when nothing is left.
    public static func suggested(from text: String) -> String {
        var out = ""
        for scalar in text.lowercased().unicodeScalars {
            if allowed(scalar) {
                out.unicodeScalars.append(scalar)
            } else if !out.hasSuffix("-") {
                out += "-"
            }
        }
        while let first = out.first, first == "-" || first == "_" || first == "." { out.removeFirst() }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "scenario" : String(out.prefix(100))
    }

    private static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "0"..."9", "-", "_", ".": true
        default: false
        }
    }
}
