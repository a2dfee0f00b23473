/// Where bytes stop being UTF-8 (the standard library's parser: overlong forms, surrogates and
/// code points above U+10FFFF are ill-formed), without making a string of them.
package enum UTF8Validation {
    /// The offset, from `bytes`' first byte, of the first ill-formed sequence, or nil. ASCII is
    /// skipped byte by byte; each other scalar goes through the standard library's parser.
    package static func firstInvalidOffset(_ bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                if buffer[index] < 0x80 {
                    index += 1
                    continue
                }
                var parser = Unicode.UTF8.ForwardParser()
                var iterator = buffer[index...].makeIterator()
                switch parser.parseScalar(from: &iterator) {
                case .valid(let scalar): index += scalar.count
                case .emptyInput: return nil
                case .error: return index
                }
            }
            return nil
        }
    }
}
