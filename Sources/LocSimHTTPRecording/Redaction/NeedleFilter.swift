/// A one-pass test that text cannot hold any of a set of needles: the 4-byte prefixes of the
/// needles are hashed into a 64 Ki-bit table, and any text with `%`, `\`, `&` (or `+`, when a
/// needle has a space) may hold an encoded spelling. Most printed lines hold none of these, so
/// ``Redactor/redactText(_:)`` costs one scan of the line rather than one per spelling.
struct NeedleFilter: Sendable {
    private var table = [UInt64](repeating: 0, count: 1024)
    private let plusMatters: Bool
    private var shortest = Int.max

    /// A filter for `needles` (each at least 4 bytes; shorter ones always pass).
    init(needles: [[UInt8]]) {
        plusMatters = needles.contains { $0.contains(UInt8(ascii: " ")) }
        for bytes in needles {
            shortest = min(shortest, bytes.count)
            guard bytes.count >= 4 else { continue }
            let slot = Self.slot(bytes[0], bytes[1], bytes[2], bytes[3])
            table[slot >> 6] |= 1 << UInt64(slot & 63)
        }
    }

    /// Whether `text` may hold a needle (`false` is certain).
    func mayContain(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if shortest < 4 { return true }
        for byte in text where byte == UInt8(ascii: "%") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "&") {
            return true
        }
        if plusMatters, text.contains(UInt8(ascii: "+")) { return true }
        guard text.count >= 4 else { return false }
        for index in 0...(text.count - 4) {
            let slot = Self.slot(text[index], text[index + 1], text[index + 2], text[index + 3])
            if table[slot >> 6] & (1 << UInt64(slot & 63)) != 0 { return true }
        }
        return false
    }

    private static func slot(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> Int {
        let word = UInt32(a) | UInt32(b) << 8 | UInt32(c) << 16 | UInt32(d) << 24
        return Int((word &* 2_654_435_761) >> 16)
    }
}
