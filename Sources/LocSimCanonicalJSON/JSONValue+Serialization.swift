extension JSONValue {
    /// Compact JSON with keys sorted by their UTF-8 bytes: the transcript's line format.
    public func compact() -> String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// Pretty-printed JSON (two-space indent, `"key" : value` like Foundation's `.prettyPrinted`
    /// with sorted keys), for cassettes and other files people review.
    public func pretty() -> String {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
        return out
    }

    /// ``pretty()`` of the value as it reads nested `level` deep in a larger document (its
    /// inner lines indented `level` more steps; the first line not indented): lets a writer
    /// stream a document's parts one at a time with the bytes `pretty()` of the whole gives.
    package func pretty(level: Int) -> String {
        var out = ""
        write(to: &out, indent: "  ", level: level)
        return out
    }

    private func write(to out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let literal): out += literal
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let values):
            if values.isEmpty {
                out += "[]"
                return
            }
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                if let indent { out += "\n" + String(repeating: indent, count: level + 1) }
                value.write(to: &out, indent: indent, level: level + 1)
            }
            if let indent { out += "\n" + String(repeating: indent, count: level) }
            out += "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{"
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                if index > 0 { out += "," }
                if let indent { out += "\n" + String(repeating: indent, count: level + 1) }
                JSONValue.writeString(key, to: &out)
                out += indent == nil ? ":" : " : "
                members[key]!.write(to: &out, indent: indent, level: level + 1)
            }
            if let indent { out += "\n" + String(repeating: indent, count: level) }
            out += "}"
        }
    }

    static func writeString(_ value: String, to out: inout String) {
        out += "\""
        // Most strings (a base64 or text body, a URL) need no escape: appended whole. A byte
        // below 0x20, a quote, a backslash, DEL, or the lead byte of a C1 control (0xC2) or of
        // U+2028/U+2029 (0xE2) sends the string through the loop below.
        if !value.utf8.contains(where: {
            $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2
        }) {
            out += value
            out += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                // C0, DEL and C1 (which a terminal may obey) and the JavaScript line separators
                // are written as escapes: a JSON text never carries a raw control character.
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                    || scalar.value == 0x2029
                {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
