/// An error reading JSON text: what went wrong and where (1-based line and column).
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int
    public var description: String { "\(line):\(column): \(message)" }
}

extension JSONValue {
    /// Parses JSON text (RFC 8259), keeping number literals verbatim. Nesting is limited to
    /// `maxDepth` so hostile input cannot exhaust the stack. A key repeated in one object is an
    /// error naming both places (`4:3: duplicate key "track" (first at 2:3)`): RFC 8259 leaves
    /// its meaning open, and silently keeping one would hide a mistake.
    public static func parse(_ text: String, maxDepth: Int = 512) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8), maxDepth: maxDepth)
        return try parser.parseDocument()
    }

    /// Parses UTF-8 JSON bytes.
    public static func parse(utf8 bytes: [UInt8], maxDepth: Int = 512) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        return try parser.parseDocument()
    }

    /// ``parse(utf8:maxDepth:)``, also naming every string (value or key) whose bytes are not
    /// valid UTF-8, which the value holds with U+FFFD in place of the bad bytes: its path in the
    /// document (`log.entries[3].request.headers[1].value`; a bad key: the object's path and
    /// `.<key>` as decoded), in document order.
    package static func parseNamingInvalidUTF8(
        utf8 bytes: [UInt8], maxDepth: Int = 512
    ) throws(JSONParseError) -> (value: JSONValue, invalidUTF8: [String]) {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        // Checked once for the whole text: valid text (the usual case) costs no path tracking.
        if !JSONParser.isValidUTF8(parser.bytes[...]) { parser.path = [] }
        let value = try parser.parseDocument()
        return (value, parser.invalidUTF8)
    }
}

struct JSONParser {
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0
    /// The place being parsed (keys and indices), when invalid UTF-8 is looked for; else `nil`.
    var path: [String]?
    /// The places of strings with invalid UTF-8 (``JSONValue/parseNamingInvalidUTF8(utf8:maxDepth:)``).
    var invalidUTF8: [String] = []

    init(bytes: [UInt8], maxDepth: Int) {
        // Skip a UTF-8 byte order mark.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            self.bytes = Array(bytes.dropFirst(3))
        } else {
            self.bytes = bytes
        }
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw error("unexpected text after the JSON value") }
        return value
    }

    private func error(_ message: String) -> JSONParseError {
        error(message, at: index)
    }

    private func error(_ message: String, at offset: Int) -> JSONParseError {
        let (line, column) = JSONTextPosition.lineAndColumn(of: offset, in: bytes)
        return JSONParseError(message: message, line: line, column: column)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""):
            let start = index + 1
            let string = try parseString()
            if path != nil { noteInvalidUTF8(start..<index - 1, key: nil) }
            return .string(string)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error(Self.unexpected(bytes, at: index))
        }
    }

    /// What an unexpected byte at `index` is: a printable ASCII character by itself (`'<'`);
    /// any other byte by its value, since it is no character (`0xFF` is not `'ÿ'`), with the
    /// likely cause when the text opens with a UTF-16 byte-order mark.
    static func unexpected(_ bytes: [UInt8], at index: Int) -> String {
        let byte = bytes[index]
        if (0x21...0x7E).contains(byte) { return "unexpected character '\(Character(UnicodeScalar(byte)))'" }
        let hex = (byte < 0x10 ? "0x0" : "0x") + String(byte, radix: 16, uppercase: true)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return
                "unexpected byte \(hex): the file is UTF-16 (it opens with a UTF-16 byte-order mark); JSON is read as UTF-8"
        }
        return "unexpected byte \(hex)"
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONParseError) {
        let utf8 = Array(literal.utf8)
        guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("invalid literal, expected '\(literal)'")
        }
        index += utf8.count
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        var keyOffsets: [String: Int] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let keyOffset = index
            let keyStart = index + 1
            let key = try parseString()
            if path != nil { noteInvalidUTF8(keyStart..<index - 1, key: key) }
            if let first = keyOffsets.updateValue(keyOffset, forKey: key) {
                let (line, column) = JSONTextPosition.lineAndColumn(of: first, in: bytes)
                throw error(
                    "duplicate key \(JSONValue.string(key).compact()) (first at \(line):\(column))", at: keyOffset)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            if let place = path { path?.append(place.isEmpty ? key : "." + key) }
            members[key] = try parseValue(depth: depth + 1)
            path?.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input in object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(values)
        }
        while true {
            path?.append("[\(values.count)]")
            values.append(try parseValue(depth: depth + 1))
            path?.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input in array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(values)
            }
            throw error("expected ',' or ']'")
        }
    }

    /// Records the current place when the raw bytes of a string (`range`, escapes included: an
    /// escape is ASCII, and `\\u` escapes are decoded to valid scalars) are not valid UTF-8.
    private mutating func noteInvalidUTF8(_ range: Range<Int>, key: String?) {
        guard !Self.isValidUTF8(bytes[range]) else { return }
        let place = (path ?? []).joined()
        if let key {
            invalidUTF8.append(place.isEmpty ? key : place + "." + key)
        } else {
            invalidUTF8.append(place.isEmpty ? "(top level)" : place)
        }
    }

    /// Whether `bytes` are valid UTF-8.
    static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        UTF8Validation.firstInvalidOffset(bytes) == nil
    }

    private mutating func parseNumber() throws(JSONParseError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ parser: inout JSONParser) -> Int {
            let begin = parser.index
            while parser.index < parser.bytes.count, (0x30...0x39).contains(parser.bytes[parser.index]) {
                parser.index += 1
            }
            return parser.index - begin
        }
        let integerStart = index
        let integerDigits = digits(&self)
        if integerDigits == 0 { throw error("invalid number") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { throw error("leading zero in number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 { throw error("expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            if digits(&self) == 0 { throw error("expected digits in exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A string's value. Built as UTF-8 bytes and turned into a `String` once (a run without
    /// escapes is one copy of the input), so a long string costs about its own size.
    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
            bytes[index] >= 0x20
        {
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<index - 1], as: UTF8.self)
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(index - start + 16)
        utf8.append(contentsOf: bytes[start..<index])
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                break
            }
            if byte < 0x20 { throw error("control character in string") }
            if byte != UInt8(ascii: "\\") {
                utf8.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { throw error("unterminated escape") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800...0xDBFF).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                {
                    let next = index
                    index += 2
                    let low = try parseHex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = next  // a lone high surrogate: the escape after it is read on its own
                    }
                }
                // A lone surrogate (no string can hold one) is U+FFFD, as WHATWG's decoders read it.
                utf8.append(contentsOf: String(UnicodeScalar(code) ?? "\u{FFFD}").utf8)
            default: throw error("invalid escape")
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("invalid \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error("invalid \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}
