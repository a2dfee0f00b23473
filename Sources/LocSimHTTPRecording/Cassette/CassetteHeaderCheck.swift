import LocSimCanonicalJSON

/// Header names and values a cassette may hold. A CR, LF or NUL in one would end the header line
/// early when the answer is sent (`"X-A\r\nContent-Length: 0"` injects a header of its own), so a
/// cassette holding one is refused when it is read, at the place the file spells it.
enum CassetteHeaderCheck {
    /// A header name or value that is refused: where it is, and what it is.
    struct Finding {
        /// `interactions[2].response.headers`.
        var place: String
        /// The offending text: a name, or a value.
        var text: String
        var isName: Bool

        /// The sentence of the error.
        var reason: String {
            "\(place): a header \(isName ? "name" : "value") holds a CR, LF or NUL character, which would inject "
                + "header lines into the answer"
        }
    }

    /// Whether `text` cannot be a header name or value: it holds CR, LF or NUL.
    static func isForbidden(_ text: String) -> Bool {
        text.utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 }
    }

    /// The first forbidden header name or value of the cassette document `root`, in file order
    /// of interactions (names before values).
    static func firstFinding(in root: JSONValue) -> Finding? {
        func members(_ value: JSONValue?) -> [String: JSONValue]? {
            if case .object(let members)? = value { return members }
            return nil
        }
        guard let list = members(root)?["interactions"]?.arrayValue else { return nil }
        for (index, item) in list.enumerated() {
            for side in ["request", "response"] {
                guard let headers = members(members(members(item)?[side])?["headers"]) else { continue }
                let place = "interactions[\(index)].\(side).headers"
                for name in headers.keys.sorted() {
                    if isForbidden(name) { return Finding(place: place, text: name, isName: true) }
                    if let value = headers[name]?.stringValue, isForbidden(value) {
                        return Finding(place: place, text: value, isName: false)
                    }
                }
            }
        }
        return nil
    }

    /// The 1-based line and column (in characters) of the first JSON string literal in `bytes`
    /// that spells `text` (necessarily with escapes, since JSON text cannot hold CR, LF or NUL raw).
    static func position(of text: String, in bytes: [UInt8]) -> (line: Int, column: Int)? {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            var end = index + 1
            var escaped = false
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                if bytes[end] == UInt8(ascii: "\\") {
                    escaped = true
                    end += 1
                }
                end += 1
            }
            guard end < bytes.count else { return nil }
            if escaped, case .string(let literal)? = try? JSONValue.parse(utf8: Array(bytes[index...end])),
                literal == text
            {
                return JSONTextPosition.lineAndColumn(of: index, in: bytes)
            }
            index = end + 1
        }
        return nil
    }
}
