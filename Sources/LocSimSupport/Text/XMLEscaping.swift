/// Text for XML documents (SVG maps, JUnit reports): escaped, and limited to the characters XML
/// 1.0 can carry.
public enum XMLEscaping {
    /// `text` escaped for character data and attribute values (`&`, `<`, `>`, `"`, `'`).
    /// Characters XML 1.0 cannot carry at all (C0 controls other than tab, line feed and carriage
    /// return; U+FFFE, U+FFFF) become U+FFFD.
    ///
    /// - Parameter escapingWhitespace: also write tab, line feed and carriage return as character
    ///   references (`&#9;`, `&#10;`, `&#13;`), which an attribute value needs to keep them
    ///   (a parser normalises literal ones to spaces).
    public static func escape(_ text: String, escapingWhitespace: Bool = false) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t" where escapingWhitespace: result += "&#9;"
            case "\n" where escapingWhitespace: result += "&#10;"
            case "\r" where escapingWhitespace: result += "&#13;"
            default: result.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return result
    }

    /// A CDATA section holding `text`: `]]>` is split across two sections, characters XML 1.0
    /// cannot carry become U+FFFD.
    public static func cdata(_ text: String) -> String {
        var clean = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { clean.append(isAllowed(scalar) ? scalar : "\u{FFFD}") }
        let body = String(clean).split(separator: "]]>", omittingEmptySubsequences: false).joined(
            separator: "]]]]><![CDATA[>")
        return "<![CDATA[" + body + "]]>"
    }

    /// Whether XML 1.0 allows the character (`Char` in the XML 1.0 grammar).
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
