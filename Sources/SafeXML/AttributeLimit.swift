import LocSimSupport

/// Refuses a start tag with too many attributes before libxml2 reads it: libxml2 (2.9) compares
/// each attribute with every earlier one of its element, so 300 000 attributes on one element
/// take ~40 s. The bytes are scanned as they are pushed (text is skipped with `memchr`), and an
/// element with more than ``maximum`` attributes — namespace declarations (`xmlns:x="…"`)
/// included — ends the parse there, with the tag's position (docs/gpx.md, "Hostile input").
///
/// Comments, CDATA sections, processing instructions, declarations and end tags are skipped, and
/// quoted attribute values may hold `=` and `>`: only real attributes count.
package struct AttributeLimit {
    /// The most attributes one element may have (namespace declarations included): 1 000, far
    /// beyond any GPX or provider document, and cheap for libxml2 (a million comparisons).
    package static let maximum = 1000

    private enum State {
        /// Character data: looking for `<`.
        case text
        /// Just after `<`.
        case open
        /// Just after `<!`, with the `-` or `[` seen so far.
        case bang(Int)
        /// Inside a start tag.
        case startTag
        /// Inside a quoted attribute value of a start tag.
        case quoted(UInt8)
        /// Inside markup that ends with `terminator` (`-->`, `]]>`, `?>`, `>`), `matched` bytes of it seen.
        case skipping(terminator: StaticString, matched: Int)
    }

    private var state = State.text
    private var attributes = 0

    package init() {}

    /// Scans `chunk`; the offset of the `=` of the first attribute past ``maximum``, or `nil`.
    package mutating func scan(_ chunk: UnsafeRawBufferPointer) -> Int? {
        guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let count = chunk.count
        var index = 0
        while index < count {
            switch state {
            case .text:
                guard let found = memchr(base + index, Int32(UInt8(ascii: "<")), count - index) else { return nil }
                index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                state = .open
                continue
            case .open:
                switch base[index] {
                case UInt8(ascii: "!"): state = .bang(0)
                case UInt8(ascii: "?"): state = .skipping(terminator: "?>", matched: 0)
                case UInt8(ascii: "/"): state = .skipping(terminator: ">", matched: 0)
                default:
                    attributes = 0
                    state = .startTag
                    continue
                }
            case .bang(let seen):
                let byte = base[index]
                if seen == 0, byte == UInt8(ascii: "[") {
                    state = .skipping(terminator: "]]>", matched: 0)
                } else if byte == UInt8(ascii: "-") {
                    state = seen == 1 ? .skipping(terminator: "-->", matched: 0) : .bang(1)
                } else {
                    state = .skipping(terminator: ">", matched: 0)
                    continue
                }
            case .startTag:
                switch base[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): state = .quoted(base[index])
                case UInt8(ascii: ">"): state = .text
                case UInt8(ascii: "="):
                    attributes += 1
                    if attributes > Self.maximum { return index }
                default: break
                }
            case .quoted(let quote):
                if base[index] == quote { state = .startTag }
            case .skipping(let terminator, let matched):
                let bytes = UnsafeRawBufferPointer(start: terminator.utf8Start, count: terminator.utf8CodeUnitCount)
                if base[index] == bytes[matched] {
                    state = matched + 1 == bytes.count ? .text : .skipping(terminator: terminator, matched: matched + 1)
                } else if base[index] == bytes[0] {
                    // `--->` and `]]]>` still end the markup: a repeated first byte keeps the match.
                    let kept = matched == 2 && bytes[1] == bytes[0] ? 2 : 1
                    state = .skipping(terminator: terminator, matched: kept)
                } else if matched > 0 {
                    state = .skipping(terminator: terminator, matched: 0)
                }
            }
            index += 1
        }
        return nil
    }
}
