/// Percent-encoding of URL components (RFC 3986) from UTF-8 bytes, without Foundation.
package enum PercentEncoding {
    /// `value` with every byte outside the unreserved set (`A–Z a–z 0–9 - . _ ~`) and `keeping`
    /// written `%XX`.
    ///
    /// - Parameters:
    ///   - keeping: further ASCII characters left as they are (`,` in a query value).
    ///   - spaceAsPlus: write a space `+`, as HTML forms do, instead of `%20`.
    ///   - lowercaseHex: `%2f` instead of `%2F`.
    package static func encode(
        _ value: String, keeping: String = "", spaceAsPlus: Bool = false, lowercaseHex: Bool = false
    ) -> String {
        let hex = Array((lowercaseHex ? "0123456789abcdef" : "0123456789ABCDEF").utf8)
        let extra = Array(keeping.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if isUnreserved(byte) || extra.contains(byte) {
                out.append(byte)
            } else if spaceAsPlus, byte == UInt8(ascii: " ") {
                out.append(UInt8(ascii: "+"))
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `byte` is an RFC 3986 unreserved character.
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
