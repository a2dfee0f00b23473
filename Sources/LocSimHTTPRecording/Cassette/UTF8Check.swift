/// Where a byte sequence stops being UTF-8, without making a string of it.
enum UTF8Check {
    /// The offset of the first byte of the first sequence that is not well-formed UTF-8
    /// (overlong forms, surrogates and code points above U+10FFFF included), or nil.
    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The length, and the range the second byte must fall in (RFC 3629, table 3-7).
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return index
            }
            guard index + length <= count, second.contains(bytes[index + 1]) else { return index }
            for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return index }
            index += length
        }
        return nil
    }
}
