/// Finds a value in text however it is spelled: raw, percent-encoded (either hex case, even
/// partly), form-encoded (`+` for a space) or with JSON string escapes (`\u0073`, `\/`,
/// surrogate pairs), mixed freely. Matches are original byte ranges, so exactly the bytes that
/// spell the value are replaced. Decodes while it compares: nothing the size of the text is
/// allocated.
enum SecretSpelling {
    /// The ranges of `text` that spell `value`, left to right, not overlapping.
    static func ranges(of value: [UInt8], in text: [UInt8], plusIsSpace: Bool) -> [Range<Int>] {
        guard !value.isEmpty else { return [] }
        var found: [Range<Int>] = []
        var start = 0
        while start < text.count {
            if let end = match(value, in: text, at: start, plusIsSpace: plusIsSpace) {
                found.append(start..<end)
                start = end
            } else {
                start += 1
            }
        }
        return found
    }

    /// `text` with `ranges` replaced by `replacement`.
    static func replacing(_ ranges: [Range<Int>], in text: [UInt8], with replacement: String) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var next = 0
        for range in ranges {
            result += text[next..<range.lowerBound]
            result += replacement.utf8
            next = range.upperBound
        }
        result += text[next...]
        return result
    }

    /// Where a spelling of `value` starting at `start` ends, or `nil`.
    private static func match(_ value: [UInt8], in text: [UInt8], at start: Int, plusIsSpace: Bool) -> Int? {
        var position = start
        var matched = 0
        while matched < value.count {
            guard position < text.count else { return nil }
            let byte = text[position]
            if byte != UInt8(ascii: "%") && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "+") {
                guard byte == value[matched] else { return nil }
                matched += 1
                position += 1
                continue
            }
            let (bytes, length) = unit(text, at: position, plusIsSpace: plusIsSpace)
            guard matched + bytes.count <= value.count, value[matched..<matched + bytes.count].elementsEqual(bytes)
            else { return nil }
            matched += bytes.count
            position += length
        }
        return position
    }

    /// The bytes the unit at `index` decodes to, and its length in `text`.
    private static func unit(_ text: [UInt8], at index: Int, plusIsSpace: Bool) -> ([UInt8], Int) {
        let byte = text[index]
        if byte == UInt8(ascii: "%"), index + 2 < text.count, let high = hex(text[index + 1]),
            let low = hex(text[index + 2])
        {
            return ([high << 4 | low], 3)
        }
        if byte == UInt8(ascii: "\\"), let escaped = escape(text, at: index) { return escaped }
        if plusIsSpace, byte == UInt8(ascii: "+") { return ([UInt8(ascii: " ")], 1) }
        return ([byte], 1)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A JSON escape at `index` (`\/`, `\"`, `\\`, `\u` and four hex digits, a `\uD83D\uDE00` pair): its UTF-8
    /// bytes and length, or `nil`.
    private static func escape(_ text: [UInt8], at index: Int) -> ([UInt8], Int)? {
        guard index + 1 < text.count else { return nil }
        switch text[index + 1] {
        case UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "\\"): return ([text[index + 1]], 2)
        case UInt8(ascii: "u"):
            guard let high = codeUnit(text, at: index + 2) else { return nil }
            if (0xD800..<0xDC00).contains(high), index + 12 <= text.count, text[index + 6] == UInt8(ascii: "\\"),
                text[index + 7] == UInt8(ascii: "u"), let low = codeUnit(text, at: index + 8),
                (0xDC00..<0xE000).contains(low)
            {
                let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                return scalar.map { (Array(String($0).utf8), 12) }
            }
            return Unicode.Scalar(high).map { (Array(String($0).utf8), 6) }
        default: return nil
        }
    }

    private static func codeUnit(_ text: [UInt8], at index: Int) -> UInt32? {
        guard index + 4 <= text.count else { return nil }
        var value: UInt32 = 0
        for byte in text[index..<index + 4] {
            guard let digit = hex(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
