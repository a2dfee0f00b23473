import Foundation
import LocSimSupport

/// One way a service writes a secret encoded whole (hex, base64, UTF-16, a single-byte charset,
/// mojibake): the bytes, found with ``SecretSpelling`` so they are found under escapes too; the
/// name a leak report gives the spelling; and how a placeholder is written in its place.
struct EncodedNeedle: Sendable, Hashable {
    /// The encodings, named as a leak report names them.
    enum Encoding: String, Sendable {
        case hex
        case base64
        case latin1 = "Latin-1"
        case windows1252 = "Windows-1252"
        case latin1Mojibake = "Latin-1 mojibake"
        case windows1252Mojibake = "Windows-1252 mojibake"
        case utf16LE = "UTF-16LE"
        case utf16BE = "UTF-16BE"
    }

    let bytes: [UInt8]
    let encoding: Encoding
    /// Whether ``bytes`` hold a NUL byte (UTF-16 of an ASCII character): such a needle is searched
    /// only in text that may spell one (``Redactor/encodedNeedles(of:reading:)``).
    let holdsNUL: Bool

    init(_ bytes: [UInt8], _ encoding: Encoding) {
        self.bytes = bytes
        self.encoding = encoding
        holdsNUL = bytes.contains(0)
    }

    /// `placeholder` as this spelling writes text: in UTF-16 in the needle's byte order, so a
    /// UTF-16 body stays UTF-16; else its UTF-8 (a placeholder is ASCII: the same bytes in
    /// Latin-1 and Windows-1252).
    func written(_ placeholder: String) -> [UInt8] {
        switch encoding {
        case .utf16LE, .utf16BE: Self.utf16(placeholder, bigEndian: encoding == .utf16BE)
        default: Array(placeholder.utf8)
        }
    }

    /// `text` in UTF-16, big- or little-endian, without a byte-order mark.
    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.utf16.flatMap { unit in
            let (high, low) = (UInt8(unit >> 8), UInt8(truncatingIfNeeded: unit))
            return bigEndian ? [high, low] : [low, high]
        }
    }
}

extension Redactor {
    /// What `value` looks like encoded whole — the one list of spellings beyond the escapes
    /// ``SecretSpelling`` undoes, for redaction and the leak check alike: its UTF-8 in hex
    /// (either case: a service echoing a value as a digest's input or a debug dump); the base64
    /// characters that encode it whatever its byte offset in the encoded data (three
    /// alignments), in the standard and the URL-safe alphabet, for the value and for each escaped
    /// form it takes before it is encoded (``base64Sources(of:)``; only base64 characters fully
    /// determined by the value's bits are kept); for a value with non-ASCII characters, its bytes
    /// in Latin-1 and Windows-1252 (a page in that charset) and its UTF-8 read as either and
    /// written back as UTF-8 (mojibake: `pässword` as `pÃ¤ssword`); and its UTF-16, little- and
    /// big-endian, for the value and each escaped form (a UTF-16 body; its byte-order mark is not
    /// part of the value). The needles holding a NUL byte come last.
    static func encodedNeedles(of value: String) -> [EncodedNeedle] {
        needles(of: value).littleEndianFirst
    }

    /// The needles of `value` worth searching in text that reads as `reading`
    /// (``utf16Reading(of:)``), in the order to search them: those holding a NUL byte (UTF-16 of
    /// an ASCII character) only when the text may spell one, so UTF-8 text (the common case) is
    /// searched for no UTF-16 spelling of an ASCII value; big-endian UTF-16 before little-endian
    /// in text that reads as big-endian, as a little-endian needle matches it one byte off.
    static func encodedNeedles(of value: String, reading: UTF16Reading) -> ArraySlice<EncodedNeedle> {
        let needles = needles(of: value)
        switch reading {
        case .noNUL: return needles.littleEndianFirst[..<needles.withoutNUL]
        case .littleEndian: return needles.littleEndianFirst[...]
        case .bigEndian: return needles.bigEndianFirst[...]
        }
    }

    /// `bytes` (which read as `reading`) with every encoded spelling of `value` replaced by
    /// `placeholder`, written as the spelling writes text (``EncodedNeedle/written(_:)``).
    static func replacingEncodedSpellings(
        of value: String, in bytes: [UInt8], reading: UTF16Reading, with placeholder: String
    ) -> [UInt8] {
        var result = bytes
        for needle in encodedNeedles(of: value, reading: reading) {
            let ranges = SecretSpelling.ranges(of: needle.bytes, in: result, plusIsSpace: false)
            if !ranges.isEmpty {
                result = SecretSpelling.replacing(ranges, in: result, with: needle.written(placeholder))
            }
        }
        return result
    }

    /// How text may read as UTF-16 (``utf16Reading(of:)``).
    enum UTF16Reading: Equatable {
        /// It spells no NUL byte: no UTF-16 of an ASCII character.
        case noNUL
        case littleEndian
        case bigEndian
    }

    /// Whether `bytes` may spell a NUL byte — a raw one (UTF-16 text), or one escaped as JSON
    /// (`\u0000`: a JSON echo of UTF-16 text) or percent-encoded (`%00`), to two layers
    /// (`\\u0000`, `%2500`, `%5Cu0000`) — and then in which byte order they read: big-endian
    /// after a byte-order mark `FE FF` or when the first NUL byte is at an even offset (`00 41`),
    /// else little-endian. Each candidate is found with `memchr`; found once for a text, however
    /// many secrets it is searched for.
    static func utf16Reading(of bytes: [UInt8]) -> UTF16Reading {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return .noNUL }
            if buffer.count >= 2, buffer[0] == 0xFE, buffer[1] == 0xFF { return .bigEndian }
            if buffer.count >= 2, buffer[0] == 0xFF, buffer[1] == 0xFE { return .littleEndian }
            if let nul = memchr(base, 0, buffer.count) {
                return base.distance(to: nul.assumingMemoryBound(to: UInt8.self)) % 2 == 0 ? .bigEndian : .littleEndian
            }
            for (opener, tails) in nulEscapes {
                var index = 0
                while index < buffer.count, let found = memchr(base + index, Int32(opener), buffer.count - index) {
                    index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    if tails.contains(where: { buffer[index...].starts(with: $0) }) { return .littleEndian }
                }
            }
            return .noNUL
        }
    }

    /// What follows `\` or `%` in an escaped NUL (``utf16Reading(of:)``).
    private static let nulEscapes: [(UInt8, [[UInt8]])] = [
        (UInt8(ascii: "\\"), [Array("u0000".utf8)]),
        (UInt8(ascii: "%"), ["00", "2500", "5Cu0000", "5cu0000"].map { Array($0.utf8) }),
    ]

    /// A value's needles, little- or big-endian UTF-16 first, and how many hold no NUL byte
    /// (those come first in both).
    private struct Needles: Sendable {
        var littleEndianFirst: [EncodedNeedle]
        var bigEndianFirst: [EncodedNeedle]
        var withoutNUL: Int
    }

    private static func needles(of value: String) -> Needles {
        if let known = needleCache.withLock({ $0[value] }) { return known }
        let little = makeNeedles(of: value, utf16: [.utf16LE, .utf16BE])
        let needles = Needles(
            littleEndianFirst: little, bigEndianFirst: makeNeedles(of: value, utf16: [.utf16BE, .utf16LE]),
            withoutNUL: little.count { !$0.holdsNUL })
        needleCache.withLock { cache in
            if cache.count >= 1024 { cache.removeAll() }  // a run has a few secrets; never unbounded
            cache[value] = needles
        }
        return needles
    }

    /// ``needles(of:)`` by value: every string redacted or checked asks for each secret's
    /// needles, and each is a dozen base64 encodings.
    private static let needleCache = Locked<[String: Needles]>([:])

    private static func makeNeedles(of value: String, utf16 orders: [EncodedNeedle.Encoding]) -> [EncodedNeedle] {
        let sources = base64Sources(of: value)
        var needles = hexNeedles(of: value) + makeBase64Needles(of: sources)
        if value.utf8.contains(where: { $0 >= 0x80 }) { needles += charsetNeedles(of: value) }
        for source in sources.map({ String(decoding: $0, as: UTF8.self) }) {
            for encoding in orders {
                needles.append(EncodedNeedle(EncodedNeedle.utf16(source, bigEndian: encoding == .utf16BE), encoding))
            }
        }
        var seen: Set<[UInt8]> = []
        needles = needles.filter { seen.insert($0.bytes).inserted }
        return needles.filter { !$0.holdsNUL } + needles.filter(\.holdsNUL)
    }

    /// `value`'s UTF-8 in lower- and upper-case hex.
    private static func hexNeedles(of value: String) -> [EncodedNeedle] {
        let digits = Array("0123456789abcdef".utf8)
        var lower: [UInt8] = []
        for byte in value.utf8 { lower += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        let text = String(decoding: lower, as: UTF8.self)
        let upper = text.uppercased()
        return (upper == text ? [text] : [text, upper]).map { EncodedNeedle(Array($0.utf8), .hex) }
    }

    private static func makeBase64Needles(of sources: [[UInt8]]) -> [EncodedNeedle] {
        var needles: [EncodedNeedle] = []
        for bytes in sources {
            for offset in 0..<3 {
                let encoded = Array(Data(Array(repeating: 0, count: offset) + bytes).base64EncodedString().utf8)
                let first = (8 * offset + 5) / 6
                let end = (8 * (offset + bytes.count)) / 6
                guard end - first >= 4 else { continue }
                let needle = String(decoding: encoded[first..<end], as: UTF8.self)
                needles.append(EncodedNeedle(Array(needle.utf8), .base64))
                let urlSafe = needle.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                if urlSafe != needle { needles.append(EncodedNeedle(Array(urlSafe.utf8), .base64)) }
            }
        }
        return needles
    }

    /// A non-ASCII `value` in Latin-1 and in Windows-1252 (when every character has a byte
    /// there), then its UTF-8 bytes read as each and written back as UTF-8: mojibake.
    private static func charsetNeedles(of value: String) -> [EncodedNeedle] {
        var needles: [EncodedNeedle] = []
        for (table, charset, mojibake) in [
            (Array(0x80...0xFF) as [UInt32], EncodedNeedle.Encoding.latin1, EncodedNeedle.Encoding.latin1Mojibake),
            (windows1252High + Array(0xA0...0xFF), .windows1252, .windows1252Mojibake),
        ] {
            let byteOf = Dictionary(uniqueKeysWithValues: table.enumerated().map { ($1, UInt8(0x80 + $0)) })
            let single = value.unicodeScalars.map { $0.isASCII ? UInt8($0.value) : byteOf[$0.value] }
            if single.allSatisfy({ $0 != nil }) { needles.append(EncodedNeedle(single.compactMap { $0 }, charset)) }
            var misread = String.UnicodeScalarView()
            for byte in value.utf8 {
                misread.append(Unicode.Scalar(byte < 0x80 ? UInt32(byte) : table[Int(byte - 0x80)])!)
            }
            needles.append(EncodedNeedle(Array(String(misread).utf8), mojibake))
        }
        return needles
    }

    /// What Windows-1252 reads bytes 0x80–0x9F as (the five it leaves undefined as Latin-1
    /// does, as browsers read them).
    private static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// `value`, then the distinct escaped forms it takes in a form, a query or a JSON string —
    /// what a service echoing a request back in base64 encodes: percent-encoded (every byte but
    /// letters and digits, as URLSession's form bodies, or every byte outside RFC 3986's
    /// unreserved set; either hex case), form-encoded (a space as `+`), JSON-escaped (with `/`
    /// as `\/`, as Foundation writes it, or as is).
    static func base64Sources(of value: String) -> [[UInt8]] {
        let raw = Array(value.utf8)
        var sources = [raw]
        func add(_ source: [UInt8]) { if !sources.contains(source) { sources.append(source) } }
        let alphanumeric = { (byte: UInt8) in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
        let unreserved = { (byte: UInt8) in alphanumeric(byte) || Array("-._~".utf8).contains(byte) }
        for keeps in [alphanumeric, unreserved] {
            for digits in ["0123456789ABCDEF", "0123456789abcdef"].map({ Array($0.utf8) }) {
                var percent: [UInt8] = []
                var form: [UInt8] = []
                for byte in raw {
                    if keeps(byte) {
                        percent.append(byte)
                        form.append(byte)
                        continue
                    }
                    let escaped = [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
                    percent += escaped
                    form += byte == 0x20 ? [UInt8(ascii: "+")] : escaped
                }
                add(percent)
                add(form)
            }
        }
        for slash in [false, true] {
            var json: [UInt8] = []
            for byte in raw {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): json += [UInt8(ascii: "\\"), byte]
                case UInt8(ascii: "/") where slash: json += [UInt8(ascii: "\\"), byte]
                default: json.append(byte)
                }
            }
            add(json)
        }
        return sources
    }
}
