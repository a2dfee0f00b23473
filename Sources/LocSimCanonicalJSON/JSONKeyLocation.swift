/// Where a member's value starts in a JSON text, as a 1-based line and column (in characters):
/// how a cassette's `matching` errors and a scenario's `events` errors point at the value at
/// fault. The text must already parse.
package enum JSONKeyLocation {
    /// One step of a path: an object member or an array element.
    package enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The line and column of the value at `path` (object keys, outermost first), or `nil`.
    package static func find(_ path: [String], in bytes: [UInt8]) -> (line: Int, column: Int)? {
        find(steps: path.map(Step.key), in: bytes)
    }

    /// The line and column of the value at `keyPath` (`events[1].kind`: keys joined by `.`,
    /// array indices in brackets), or `nil`.
    package static func find(keyPath: String, in bytes: [UInt8]) -> (line: Int, column: Int)? {
        var steps: [Step] = []
        for part in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = part[...]
            let name = rest.prefix { $0 != "[" }
            if !name.isEmpty { steps.append(.key(String(name))) }
            rest = rest.dropFirst(name.count)
            while rest.first == "[", let close = rest.firstIndex(of: "]") {
                guard let index = Int(rest[rest.index(after: rest.startIndex)..<close]) else { return nil }
                steps.append(.index(index))
                rest = rest[rest.index(after: close)...]
            }
            guard rest.isEmpty else { return nil }
        }
        return find(steps: steps, in: bytes)
    }

    /// The line and column of the value at `steps`, or `nil`.
    package static func find(steps: [Step], in bytes: [UInt8]) -> (line: Int, column: Int)? {
        var scanner = Scanner(bytes: bytes)
        guard let offset = scanner.value(at: steps[...]) else { return nil }
        return JSONTextPosition.lineAndColumn(of: offset, in: bytes)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        /// Walks the value at `index` and returns the offset of the one at `path` inside it.
        mutating func value(at path: ArraySlice<Step>) -> Int? {
            skipBlanks()
            switch path.first {
            case nil: return index
            case .key(let first): return member(first, then: path.dropFirst())
            case .index(let first): return element(first, then: path.dropFirst())
            }
        }

        private mutating func member(_ name: String, then path: ArraySlice<Step>) -> Int? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
            index += 1
            while true {
                skipBlanks()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
                let key = string()
                skipBlanks()
                index += 1  // ':'
                if key == name { return value(at: path) }
                skipValue()
                skipBlanks()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
            }
        }

        private mutating func element(_ position: Int, then path: ArraySlice<Step>) -> Int? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
            index += 1
            var current = 0
            while true {
                skipBlanks()
                guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { return nil }
                if current == position { return value(at: path) }
                skipValue()
                skipBlanks()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
                current += 1
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
