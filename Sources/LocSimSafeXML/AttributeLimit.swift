import LocSimSupport

/// Refuses a start tag with too many attributes before libxml2 reads it: libxml2 (2.9) compares
/// each attribute with every earlier one of its element, so 300 000 attributes on one element
/// take ~40 s. The bytes are scanned as they are pushed, and an element with more than
/// ``maximum`` attributes — namespace declarations (`xmlns:x="…"`) included — ends the parse
/// there, with the tag's position (docs/gpx.md, "Hostile input").
///
/// It counts, since the last `<`, the `=` signs followed by a quote or white space (how every
/// attribute is written: `a="v"`, `a = 'v'`). A start tag holds no `<` (nor does an attribute
/// value), so every attribute of an element falls between its `<` and the next; text between two
/// tags would need more than ``maximum`` such `=` to be refused. `=` is found with `memchr`, and
/// the `<` that resets the count is looked for only when the count passes the limit and at the
/// end of a chunk: ~2 GB/s on GPX, a small fraction of the parse (docs/gpx.md, "Speed and memory").
package struct AttributeLimit {
    /// The most attributes one element may have (namespace declarations included): 1 000, far
    /// beyond any GPX or provider document, and cheap for libxml2 (a million comparisons).
    package static let maximum = 1000

    /// `=` signs that start an attribute value since the last `<` (exact at each chunk's end and
    /// whenever it passes ``maximum``; otherwise at least that).
    private var equals = 0
    /// Whether the chunk before ended with `=` (the next byte decides whether it counts).
    private var pendingEquals = false

    package init() {}

    /// Scans `chunk`; the offset of the `=` of the first attribute past ``maximum`` (0 when that
    /// `=` ended the chunk before), or `nil`.
    package mutating func scan(_ chunk: UnsafeRawBufferPointer) -> Int? {
        guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), chunk.count > 0 else { return nil }
        let count = chunk.count
        if pendingEquals {
            pendingEquals = false
            if Self.startsValue(base[0]) {
                equals += 1
                if equals > Self.maximum { return 0 }
            }
        }
        var index = 0
        while index < count {
            guard let found = memchr(base + index, Int32(UInt8(ascii: "=")), count - index) else { break }
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            index = at + 1
            guard index < count else {
                pendingEquals = true
                break
            }
            guard Self.startsValue(base[index]) else { continue }
            equals += 1
            if equals > Self.maximum {
                // Recount from the last `<`; with none in this chunk, the count carried is exact.
                if let open = Self.lastOpen(base, before: at) {
                    equals = Self.values(base, from: open + 1, to: index, limit: count)
                }
                if equals > Self.maximum { return at }
            }
        }
        if let open = Self.lastOpen(base, before: count) {
            equals = Self.values(base, from: open + 1, to: count, limit: count)
        }
        return nil
    }

    /// The index of the last `<` before `end`, or `nil`.
    private static func lastOpen(_ base: UnsafePointer<UInt8>, before end: Int) -> Int? {
        var index = end - 1
        while index >= 0 {
            if base[index] == UInt8(ascii: "<") { return index }
            index -= 1
        }
        return nil
    }

    /// The `=` in `start..<end` followed (before `limit`) by a byte that starts a value.
    private static func values(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, limit: Int) -> Int {
        var found = 0
        var index = start
        while index < end {
            if base[index] == UInt8(ascii: "="), index + 1 < limit, startsValue(base[index + 1]) { found += 1 }
            index += 1
        }
        return found
    }

    /// Whether `byte`, right after `=`, shows an attribute value: a quote or white space.
    @inline(__always)
    private static func startsValue(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: " ")
            || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}
