import LocSimCanonicalJSON

/// Where a member's value starts in a JSON text, as a 1-based line and column (in characters):
/// how a cassette's `matching` errors point at the value at fault. The text must already parse.
enum JSONKeyLocation {
    /// The line and column of the value at `path` (object keys, outermost first), or `nil`.
    static func find(_ path: [String], in bytes: [UInt8]) -> (line: Int, column: Int)? {
        var scanner = Scanner(bytes: bytes)
        guard let offset = scanner.value(at: path[...]) else { return nil }
        return JSONTextPosition.lineAndColumn(of: offset, in: bytes)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        /// Walks the value at `index` and returns the offset of the one at `path` inside it.
        mutating func value(at path: ArraySlice<String>) -> Int? {
            skipBlanks()
            guard let first = path.first else { return index }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
            index += 1
            while true {
                skipBlanks()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
                let key = string()
                skipBlanks()
                index += 1  // ':'
                if key == first { return value(at: path.dropFirst()) }
                skipValue()
                skipBlanks()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
            }
        }

        mutating func skipBlanks() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        /// The raw text between the quotes at `index` (escapes kept as written).
        mutating func string() -> String {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            defer { index += 1 }
            return String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
        }

        mutating func skipValue() {
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    _ = string()
                    if depth == 0 { return }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return }
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return
                    }
                case UInt8(ascii: ","):
                    if depth == 0 { return }
                default: break
                }
                index += 1
            }
        }
    }
}
