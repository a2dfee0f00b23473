/// Text for XML documents (SVG maps, JUnit reports): escaped, and limited to the characters XML
/// 1.0 can carry.
package enum XMLEscaping {
    /// `text` escaped for character data and attribute values (`&`, `<`, `>`, `"`, `'`).
    /// Characters XML 1.0 cannot carry at all (C0 controls other than tab, line feed and carriage
    /// return; U+FFFE, U+FFFF) become U+FFFD. Tab, carriage return, DEL and the C1 controls are
    /// character references (`&#9;`, `&#13;`, `&#x85;`), so the document holds no control
    /// character but the line feed (and shows as it is written on a terminal).
    ///
    /// - Parameter escapingWhitespace: also write line feed as a character reference (`&#10;`),
    ///   which an attribute value needs to keep it (a parser normalises a literal one to a space).
    package static func escape(_ text: String, escapingWhitespace: Bool = false) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t": result += "&#9;"
            case "\n" where escapingWhitespace: result += "&#10;"
            case "\r": result += "&#13;"
            case "\u{7F}"..."\u{9F}": result += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
            default: result.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return result
    }

    /// A CDATA section holding `text`: `]]>` is split across two sections, characters XML 1.0
    /// cannot carry become U+FFFD.
    package static func cdata(_ text: String) -> String {
        var clean = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { clean.append(isAllowed(scalar) ? scalar : "\u{FFFD}") }
        let body = String(clean).split(separator: "]]>", omittingEmptySubsequences: false).joined(
            separator: "]]]]><![CDATA[>")
        return "<![CDATA[" + body + "]]>"
    }

    /// Whether XML 1.0 allows the character (`Char` in the XML 1.0 grammar).
    package static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
