/// Where a byte of a UTF-8 JSON text stands, as an editor counts: a 1-based line and column, the
/// column in characters (a multi-byte UTF-8 sequence is one). Parse errors and a cassette's
/// `matching` and header errors point at their place this way.
package enum JSONTextPosition {
    /// The line and column of the byte at `offset` of `bytes`; an offset past the end is the end.
    package static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<min(max(offset, 0), bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
