package import LocSimLibXML2

/// Runs libxml2's SAX2 push parser over bytes with the package's safe settings: the one place
/// that creates a libxml2 parser (the GPX reader and ``XMLTreeElement`` both parse through it).
///
/// The settings, the same for every document this package reads:
/// - `XML_PARSE_NONET`, never `XML_PARSE_NOENT`, never `XML_PARSE_DTDLOAD`;
/// - a zeroed `xmlSAXHandler` with `initialized = XML_SAX2_MAGIC` and no `getEntity`,
///   `entityDecl` or `internalSubset` callbacks, so a DTD is parsed but nothing in it is kept:
///   an entity reference is "not defined" (an error), never expanded, and an external entity
///   is never fetched. That defuses entity-expansion bombs and XXE by construction.
/// - chunks of `chunkSize` bytes (256 KiB by default): memory stays flat for any file size.
/// - libxml2's thread-local generic error handler is muted during the parse, so nothing is
///   printed to stderr; every error reaches the structured `serror` callback instead.
package enum LibXML2PushParser {
    /// Whether the source had any bytes at all, and how the parse ended.
    package enum Outcome: Equatable {
        case empty
        /// `stoppedEarly`: libxml2 gave up (`xmlParseChunk` failed) at that place, possibly
        /// without reporting an error through `serror` (encoding conversion failures do that).
        case parsed(stoppedEarly: Failure?)

        package struct Failure: Equatable {
            package var code: Int32
            package var line: Int
            package var column: Int

            /// The code of a start tag refused by ``AttributeLimit`` (not a libxml2 code).
            package static let tooManyAttributes: Int32 = -1

            /// A message for a failure libxml2 did not describe itself.
            package var message: String {
                switch code {
                case Self.tooManyAttributes:
                    "an element has more than \(AttributeLimit.maximum) attributes (namespace declarations "
                        + "included), the limit: refused before parsing it"
                case Int32(XML_I18N_CONV_FAILED.rawValue), Int32(XML_IO_ENCODER.rawValue),
                    Int32(XML_ERR_INVALID_ENCODING.rawValue):
                    "the bytes do not match the declared encoding (conversion failed)"
                default:
                    "libxml2 stopped with error \(code)"
                }
            }
        }
    }

    package static let options = Int32(XML_PARSE_NONET.rawValue)

    /// Parses `bytes` in chunks of `chunkSize`, calling `handler`'s callbacks with `userData`.
    ///
    /// `didCreate` receives the parser context before any callback runs (sessions need it for
    /// positions and to stop the parser); `shouldStop` is polled between chunks so parsing ends
    /// early once the session has stopped.
    package static func parse(
        bytes: [UInt8], chunkSize: Int, handler: xmlSAXHandler, userData: UnsafeMutableRawPointer,
        didCreate: (xmlParserCtxtPtr) -> Void, shouldStop: () -> Bool
    ) -> Outcome {
        var offset = 0
        return bytes.withUnsafeBytes { all in
            parse(
                chunks: { () -> UnsafeRawBufferPointer in
                    let end = min(offset + chunkSize, all.count)
                    defer { offset = end }
                    return UnsafeRawBufferPointer(rebasing: all[offset..<end])
                }, handler: handler, userData: userData, didCreate: didCreate, shouldStop: shouldStop)
        }
    }

    /// Parses the chunks `next` returns until it returns an empty one (a file read in pieces:
    /// memory stays flat whatever its size); an error `next` throws ends the parse and is rethrown.
    package static func parse<E: Error>(
        chunks next: () throws(E) -> UnsafeRawBufferPointer, handler: xmlSAXHandler,
        userData: UnsafeMutableRawPointer, didCreate: (xmlParserCtxtPtr) -> Void, shouldStop: () -> Bool
    ) throws(E) -> Outcome {
        _ = libxml2Initialized
        let saved = muteGenericErrors()
        defer { restoreGenericErrors(saved) }
        var context: xmlParserCtxtPtr?
        defer { if let context { xmlFreeParserCtxt(context) } }
        var handler = handler
        var failure: Outcome.Failure?

        func check(_ result: Int32) {
            guard result != 0, failure == nil, let context else { return }
            let input = context.pointee.input
            failure = Outcome.Failure(
                code: result, line: Int(input?.pointee.line ?? 0), column: Int(input?.pointee.col ?? 0))
        }

        var limit = AttributeLimit()
        var refused = false

        func push(_ whole: UnsafeRawBufferPointer) {
            var chunk = whole
            let over = limit.scan(whole)
            if let over {
                // Everything before the tag is parsed, so libxml2's cursor sits at its `<`.
                chunk = UnsafeRawBufferPointer(rebasing: whole[..<over])
            }
            defer {
                if over != nil { refused = true }
                if over != nil, failure == nil {
                    let input = context?.pointee.input
                    failure = Outcome.Failure(
                        code: Outcome.Failure.tooManyAttributes, line: Int(input?.pointee.line ?? 0),
                        column: Int(input?.pointee.col ?? 0))
                }
            }
            guard var bytes = chunk.baseAddress?.assumingMemoryBound(to: CChar.self), chunk.count > 0 else { return }
            var count = chunk.count
            if context == nil {
                // The first bytes go to the constructor, which uses them to detect the encoding.
                let head = min(4, count)
                guard let created = xmlCreatePushParserCtxt(&handler, userData, bytes, Int32(head), nil) else { return }
                xmlCtxtUseOptions(created, options)
                context = created
                didCreate(created)
                bytes += head
                count -= head
            }
            if count > 0, let context { check(xmlParseChunk(context, bytes, Int32(count), 0)) }
        }

        while !shouldStop(), !refused {
            let chunk = try next()
            if chunk.isEmpty { break }
            push(chunk)
        }
        guard let context else { return refused ? .parsed(stoppedEarly: failure) : .empty }
        if !shouldStop(), !refused { check(xmlParseChunk(context, nil, 0, 1)) }
        return .parsed(stoppedEarly: failure)
    }

    /// The line and column (1-based, in characters) of the `<` that opened the element whose
    /// start tag libxml2 has just parsed.
    ///
    /// During `startElementNs` the input cursor sits just after the attributes; the tag's `<`
    /// is still in the input buffer (libxml2 only shrinks it between tokens). libxml2 counts
    /// columns in characters, so a tag on one line is exact by subtraction; a tag spanning
    /// lines is measured from the preceding newline (or the start of the document) when that
    /// is still buffered, and otherwise reported at the cursor.
    @inline(__always)
    package static func startTagPosition(_ context: xmlParserCtxtPtr) -> (line: Int, column: Int) {
        guard let input = context.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else {
            return (0, 0)
        }
        let line = Int(input.pointee.line)
        let column = Int(input.pointee.col)
        guard let lt = lastLessThan(from: base, to: cur) else { return (line, column) }
        let span = cur - lt
        if isPlainASCIILine(lt, count: span) { return (line, max(1, column - span)) }
        var newlines = 0
        var characters = 0
        var p = lt
        while p < cur {
            let byte = p.pointee
            if byte == 0x0A { newlines += 1 }
            if byte & 0xC0 != 0x80 { characters += 1 }
            p += 1
        }
        if newlines == 0 { return (line, max(1, column - characters)) }
        var q = lt
        var before = 0
        while q > base {
            q -= 1
            if q.pointee == 0x0A { return (line - newlines, before + 1) }
            if q.pointee & 0xC0 != 0x80 { before += 1 }
        }
        // No newline before the tag in the buffer: exact if the buffer holds the document from its
        // first byte, as read (no encoding converter, which restarts the buffer after the XML
        // declaration); a UTF-8 byte-order mark there is not a column to libxml2.
        if input.pointee.consumed == 0, input.pointee.buf?.pointee.encoder == nil {
            let bom = lt - base >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF
            return (line - newlines, before + (bom ? 0 : 1))
        }
        return (line, column)
    }

    /// ``startTagPosition(_:)`` for a start tag with no prefix, attribute or namespace
    /// declaration, without scanning: during `startElementNs` the cursor is on the tag's `>`,
    /// so a tag written `<name>` has its `<` exactly `name`'s length + 1 bytes before it (any
    /// other spelling, such as `<name >`, puts a name or space byte there); `nil` otherwise.
    @inline(__always)
    package static func bareStartTagPosition(
        _ context: xmlParserCtxtPtr, name: UnsafePointer<UInt8>
    ) -> (line: Int, column: Int)? {
        guard let input = context.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base,
            cur.pointee == UInt8(ascii: ">")
        else { return nil }
        var length = 0
        while name[length] != 0 {
            guard name[length] < 0x80 else { return nil }
            length += 1
        }
        let span = length + 1
        guard cur - base >= span, (cur - span).pointee == UInt8(ascii: "<") else { return nil }
        return (Int(input.pointee.line), max(1, Int(input.pointee.col) - span))
    }

    /// Whether any of the 8 bytes of `x` is zero (the classic SWAR test: exact on whether there
    /// is one, not on which).
    @inline(__always)
    private static func hasZeroByte(_ x: UInt64) -> Bool {
        (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
    }

    /// The last `<` in `base..<end`, 8 bytes at a time: a word with a `<` (the zero-byte test
    /// on the word XOR `<<<<<<<<`) is then searched byte by byte from its end.
    @inline(__always)
    private static func lastLessThan(
        from base: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>
    ) -> UnsafePointer<UInt8>? {
        let lessThans: UInt64 = 0x3C3C_3C3C_3C3C_3C3C
        var p = end
        while p - base >= 8 {
            p -= 8
            let x = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) ^ lessThans
            if hasZeroByte(x) {
                var q = p + 8
                while q > p {
                    q -= 1
                    if q.pointee == UInt8(ascii: "<") { return q }
                }
            }
        }
        while p > base {
            p -= 1
            if p.pointee == UInt8(ascii: "<") { return p }
        }
        return nil
    }

    /// Whether `count` bytes hold neither a newline nor a non-ASCII byte (8 bytes at a time).
    @inline(__always)
    private static func isPlainASCIILine(_ p: UnsafePointer<UInt8>, count: Int) -> Bool {
        let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        var i = 0
        while i + 8 <= count {
            let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
            let x = word ^ newlines
            if word & 0x8080_8080_8080_8080 != 0 || hasZeroByte(x) { return false }
            i += 8
        }
        while i < count {
            if p[i] >= 0x80 || p[i] == 0x0A { return false }
            i += 1
        }
        return true
    }

    /// A libxml2 error message made to read like the package's own: trimmed, one line, with a
    /// lowercase first letter ("Opening and ending tag mismatch: …" → "opening and ending …").
    package static func cleanedMessage(_ raw: UnsafePointer<CChar>?) -> String {
        guard let raw else { return "malformed XML" }
        let text = String(cString: raw)
        var words: [Substring] = []
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }) {
            words.append(word)
        }
        var message = words.joined(separator: " ")
        if message.hasPrefix("Huge input lookup") || message.hasPrefix("internal error: Huge input lookup") {
            // libxml2 refuses a single text node, CDATA section or attribute over 10 MB unless
            // XML_PARSE_HUGE is set, which this reader never sets.
            return "a text node, CDATA section or attribute is larger than libxml2's 10 MB limit"
        }
        if let first = message.first, first.isUppercase,
            message.dropFirst().first.map({ $0.isLowercase || $0 == " " }) ?? true
        {
            message = first.lowercased() + message.dropFirst()
        }
        return message.isEmpty ? "malformed XML" : message
    }
}

/// `xmlInitParser` is not safe to run concurrently the first time; a global runs it once.
private let libxml2Initialized: Void = xmlInitParser()
