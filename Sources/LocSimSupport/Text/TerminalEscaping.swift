/// Outside text made safe for human output (a terminal, a log a person reads): control characters
/// that could move the cursor, rewrite the screen, set the window title or forge a log line are
/// shown as visible escapes instead of being sent.
///
/// ESC is `\e`; CR, LF and tab are `\r`, `\n`, `\t`; every other C0 control, DEL and every C1 control (U+0080–U+009F, which a
/// terminal may read as CSI or OSC) is `\u{XX}`. JSON outputs keep JSON's own escapes: this is for
/// text only.
package enum TerminalEscaping {
    /// `text` with its control characters shown as escapes; text without any is returned as is.
    ///
    /// - Parameter keepingNewlines: leave LF as it is (a multi-line message whose lines are
    ///   escaped one by one).
    package static func escape(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingNewlines: keepingNewlines) }) else {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, keepingNewlines: keepingNewlines) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\u{1B}": result += "\\e"
            case "\r": result += "\\r"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
            }
        }
        return result
    }

    /// Whether `scalar` is shown as an escape: C0 (tab included), DEL and C1.
    private static func needsEscape(_ scalar: Unicode.Scalar, keepingNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: !keepingNewlines
        case 0x00..<0x20, 0x7F...0x9F: true
        default: false
        }
    }
}
