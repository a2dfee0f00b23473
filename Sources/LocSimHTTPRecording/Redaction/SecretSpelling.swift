/// Finds a value in text however it is spelled, up to ``maxDepth`` layers of escaping deep:
/// raw; percent-encoded (either hex case, even partly, `%2F` and `%252F` alike); form-encoded
/// (`+` for a space); JSON string escapes (`\/`, `\"`, `\\`, `\n`, `\u0073`, surrogate pairs);
/// XML escapes (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#38;`, `&#x26;`). Layers mix
/// freely (a JSON escape inside a percent-encoding inside an XML attribute). Matches are
/// original byte ranges, so exactly the bytes that spell the value are replaced. Decodes while
/// it compares: nothing the size of the text is allocated.
///
/// Encoded spellings (hex, base64, UTF-16, Latin-1, mojibake) are found by searching for
/// ``Redactor/encodedNeedles(of:)`` with this same recogniser, so a percent-encoded base64
/// credential is found too.
enum SecretSpelling {
    /// How many layers of escaping are undone: 3 (`%25252F` is `/`; `%2525252F` is not).
    static let maxDepth = 3

    /// The escapings a spelling used.
    struct Forms: OptionSet, Sendable {
        let rawValue: UInt8
        static let percent = Forms(rawValue: 1)
        static let plus = Forms(rawValue: 2)
        static let json = Forms(rawValue: 4)
        static let xml = Forms(rawValue: 8)

        /// How a leak report names these forms (`percent-encoded`, `form-encoded and JSON-escaped`).
        var label: String {
            var names: [String] = []
            if contains(.plus) {
                names.append("form-encoded")
            } else if contains(.percent) {
                names.append("percent-encoded")
            }
            if contains(.json) { names.append("JSON-escaped") }
            if contains(.xml) { names.append("XML-escaped") }
            return names.isEmpty ? "raw" : names.joined(separator: " and ")
        }
    }

    /// One spelling found: where it is, how many layers deep and which escapings it used.
    struct Match {
        var range: Range<Int>
        var depth: Int
        var forms: Forms

        /// `raw`, `percent-encoded`, `percent-encoded (2 layers)` …
        var label: String {
            depth <= 1 ? forms.label : "\(forms.label) (\(depth) layers)"
        }
    }

    /// The ranges of `text` that spell `value`, left to right, not overlapping.
    static func ranges(of value: [UInt8], in text: [UInt8], plusIsSpace: Bool) -> [Range<Int>] {
        matches(of: value, in: text, plusIsSpace: plusIsSpace).map(\.range)
    }

    /// The first spelling of `value` in `text`, or `nil`.
    static func first(of value: [UInt8], in text: [UInt8], plusIsSpace: Bool) -> Match? {
        matches(of: value, in: text, plusIsSpace: plusIsSpace, limit: 1).first
    }

    /// The spellings of `value` in `text`, left to right, not overlapping; the shallowest at each place.
    static func matches(of value: [UInt8], in text: [UInt8], plusIsSpace: Bool, limit: Int = .max) -> [Match] {
        guard !value.isEmpty else { return [] }
        let decoder = Decoder(text: text, plusIsSpace: plusIsSpace)
        var found: [Match] = []
        var start = 0
        while start < text.count, found.count < limit {
            let byte = text[start]
            guard byte == value[0] || Decoder.opensEscape(byte) else {
                start += 1
                continue
            }
            var hit: Match?
            for depth in 0...maxDepth {
                if let (end, forms) = decoder.match(value, at: start, depth: depth) {
                    hit = Match(range: start..<end, depth: depth, forms: forms)
                    break
                }
            }
            if let hit {
                found.append(hit)
                start = hit.range.upperBound
            } else {
                start += 1
            }
        }
        return found
    }

    /// `text` with `ranges` replaced by `replacement`.
    static func replacing(_ ranges: [Range<Int>], in text: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var next = 0
        for range in ranges {
            result += text[next..<range.lowerBound]
            result += replacement
            next = range.upperBound
        }
        result += text[next...]
        return result
    }
}
