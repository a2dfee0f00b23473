extension SecretSpelling {
    /// One decoded character: up to four UTF-8 bytes, where it ends in the text and the escapings
    /// that produced it.
    struct Unit {
        var bytes: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        var count = 0
        var end: Int
        var forms: Forms = []

        init(byte: UInt8, end: Int, forms: Forms = []) {
            bytes.0 = byte
            count = 1
            self.end = end
            self.forms = forms
        }

        init?(scalar value: UInt32, end: Int, forms: Forms) {
            guard let scalar = Unicode.Scalar(value) else { return nil }
            self.end = end
            self.forms = forms
            for byte in String(scalar).utf8 { append(byte) }
        }

        /// The single byte, when the unit is one byte.
        var single: UInt8? { count == 1 ? bytes.0 : nil }

        subscript(index: Int) -> UInt8 {
            switch index {
            case 0: bytes.0
            case 1: bytes.1
            case 2: bytes.2
            default: bytes.3
            }
        }

        private mutating func append(_ byte: UInt8) {
            switch count {
            case 0: bytes.0 = byte
            case 1: bytes.1 = byte
            case 2: bytes.2 = byte
            default: bytes.3 = byte
            }
            count += 1
        }
    }

    /// Reads `text` as characters decoded through a given number of layers of escaping: layer
    /// `depth` reads layer `depth - 1` and undoes one escape wherever one starts.
    struct Decoder {
        let text: [UInt8]
        let plusIsSpace: Bool

        /// Whether `byte` may start an escape at some layer.
        static func opensEscape(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "%") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "&")
                || byte == UInt8(ascii: "+")
        }

        /// Where a spelling of `value` at `start`, `depth` layers deep, ends, and its escapings.
        func match(_ value: [UInt8], at start: Int, depth: Int) -> (Int, Forms)? {
            var position = start
            var matched = 0
            var forms: Forms = []
            while matched < value.count {
                guard let unit = next(at: position, depth: depth), matched + unit.count <= value.count else {
                    return nil
                }
                for index in 0..<unit.count where value[matched + index] != unit[index] { return nil }
                matched += unit.count
                position = unit.end
                forms.formUnion(unit.forms)
            }
            return (position, forms)
        }

        /// The character at `index` decoded through `depth` layers, or `nil` at the end.
        func next(at index: Int, depth: Int) -> Unit? {
            guard index < text.count else { return nil }
            guard depth > 0 else { return Unit(byte: text[index], end: index + 1) }
            guard let first = next(at: index, depth: depth - 1) else { return nil }
            switch first.single {
            case UInt8(ascii: "%"): return percent(after: first, depth: depth - 1) ?? first
            case UInt8(ascii: "+") where plusIsSpace:
                return Unit(byte: UInt8(ascii: " "), end: first.end, forms: first.forms.union(.plus))
            case UInt8(ascii: "\\"): return json(after: first, depth: depth - 1) ?? first
            case UInt8(ascii: "&"): return xml(after: first, depth: depth - 1) ?? first
            default: return first
            }
        }

        /// `%XX` whose `%` is `opener`, its hex digits read at `depth`.
        private func percent(after opener: Unit, depth: Int) -> Unit? {
            guard let high = next(at: opener.end, depth: depth), let highValue = high.single.flatMap(Self.hex),
                let low = next(at: high.end, depth: depth), let lowValue = low.single.flatMap(Self.hex)
            else { return nil }
            let forms = opener.forms.union(high.forms).union(low.forms).union(.percent)
            return Unit(byte: highValue << 4 | lowValue, end: low.end, forms: forms)
        }

        /// A JSON escape whose backslash is `opener`, read at `depth`.
        private func json(after opener: Unit, depth: Int) -> Unit? {
            guard let letter = next(at: opener.end, depth: depth), let byte = letter.single else { return nil }
            let forms = opener.forms.union(letter.forms).union(.json)
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "\\"):
                return Unit(byte: byte, end: letter.end, forms: forms)
            case UInt8(ascii: "n"): return Unit(byte: 0x0A, end: letter.end, forms: forms)
            case UInt8(ascii: "t"): return Unit(byte: 0x09, end: letter.end, forms: forms)
            case UInt8(ascii: "r"): return Unit(byte: 0x0D, end: letter.end, forms: forms)
            case UInt8(ascii: "b"): return Unit(byte: 0x08, end: letter.end, forms: forms)
            case UInt8(ascii: "f"): return Unit(byte: 0x0C, end: letter.end, forms: forms)
            case UInt8(ascii: "u"):
                guard let (high, highEnd, highForms) = codeUnit(at: letter.end, depth: depth) else { return nil }
                if (0xD800..<0xDC00).contains(high), let slash = next(at: highEnd, depth: depth),
                    slash.single == UInt8(ascii: "\\"), let u = next(at: slash.end, depth: depth),
                    u.single == UInt8(ascii: "u"), let (low, lowEnd, lowForms) = codeUnit(at: u.end, depth: depth),
                    (0xDC00..<0xE000).contains(low)
                {
                    let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    return Unit(scalar: scalar, end: lowEnd, forms: forms.union(highForms).union(lowForms))
                }
                return Unit(scalar: high, end: highEnd, forms: forms.union(highForms))
            default: return nil
            }
        }

        /// Four hex digits read at `depth` from `index`.
        private func codeUnit(at index: Int, depth: Int) -> (UInt32, Int, Forms)? {
            var value: UInt32 = 0
            var position = index
            var forms: Forms = []
            for _ in 0..<4 {
                guard let unit = next(at: position, depth: depth), let digit = unit.single.flatMap(Self.hex) else {
                    return nil
                }
                value = value << 4 | UInt32(digit)
                position = unit.end
                forms.formUnion(unit.forms)
            }
            return (value, position, forms)
        }

        /// An XML entity or character reference whose `&` is `opener`, read at `depth`.
        private func xml(after opener: Unit, depth: Int) -> Unit? {
            var name: [UInt8] = []
            var position = opener.end
            var forms = opener.forms.union(.xml)
            while name.count <= 8 {
                guard let unit = next(at: position, depth: depth), let byte = unit.single else { return nil }
                position = unit.end
                forms.formUnion(unit.forms)
                if byte == UInt8(ascii: ";") { return Self.entity(name, end: position, forms: forms) }
                name.append(byte)
            }
            return nil
        }

        private static func entity(_ name: [UInt8], end: Int, forms: Forms) -> Unit? {
            switch String(decoding: name, as: UTF8.self) {
            case "amp": return Unit(byte: UInt8(ascii: "&"), end: end, forms: forms)
            case "lt": return Unit(byte: UInt8(ascii: "<"), end: end, forms: forms)
            case "gt": return Unit(byte: UInt8(ascii: ">"), end: end, forms: forms)
            case "quot": return Unit(byte: UInt8(ascii: "\""), end: end, forms: forms)
            case "apos": return Unit(byte: UInt8(ascii: "'"), end: end, forms: forms)
            case let reference where reference.hasPrefix("#x") || reference.hasPrefix("#X"):
                return UInt32(reference.dropFirst(2), radix: 16).flatMap { Unit(scalar: $0, end: end, forms: forms) }
            case let reference where reference.hasPrefix("#"):
                return UInt32(reference.dropFirst(), radix: 10).flatMap { Unit(scalar: $0, end: end, forms: forms) }
            default: return nil
            }
        }

        static func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
    }
}
