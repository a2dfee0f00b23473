extension ISO8601Time {
    /// An `xsd:dateTime` whose date and time fields are written without their leading zeros, as
    /// some tools write them (`2020-4-21T16:22:47Z`, `2020-04-21T15:43:5Z`): the instant is
    /// unambiguous, so it is read as if padded. `nil` unless a field was short and the padded
    /// text parses. Allocation-free; the reader tries it only after ``parse(_:count:)`` failed.
    static func parseUnpadded(_ p: UnsafePointer<UInt8>, count n: Int) -> Double? {
        // Year, month, day, hour, minute, second: their widths and the separator after each.
        let widths = [4, 2, 2, 2, 2, 2]
        let separators: [UInt8] = [UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "T"), 58, 58, 0]
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer -> Double? in
            var i = 0
            var out = 0
            var padded = false
            for (field, width) in widths.enumerated() {
                let start = i
                while i < n, TextBytes.isDigit(p[i]) { i += 1 }
                let length = i - start
                guard length >= 1, length <= width else { return nil }
                if length < width {
                    padded = true
                    for _ in length..<width {
                        buffer[out] = UInt8(ascii: "0")
                        out += 1
                    }
                }
                for k in start..<i {
                    buffer[out] = p[k]
                    out += 1
                }
                let separator = separators[field]
                if separator != 0 {
                    guard i < n, p[i] == separator else { return nil }
                    buffer[out] = separator
                    out += 1
                    i += 1
                }
            }
            guard padded, n - i <= 64 - out else { return nil }
            while i < n {
                buffer[out] = p[i]
                out += 1
                i += 1
            }
            return parse(UnsafePointer(buffer.baseAddress!), count: out)
        }
    }
}
