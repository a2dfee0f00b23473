import Testing

@testable import LocSimGPX

@Suite struct TextBytesTests {
    @Test(arguments: [
        "0", "-0", "42.904722", "-78.849444", "+3", ".5", "7.", "1e3", "1E-3", "-2.5e+2",
        "0.1", "0.3", "123456789012345678901234567890", "3.141592653589793238462643383279",
        "0.000000000000000000000000000001", "9007199254740993", "1.7976931348623157e308", "4.9e-324",
        "00000000000000000000000000012.5000000000000000000000000", "-.5", "+.5", "5.", "-0.0", "9007199254740992",
        "9007199254740991.5", "12345678901234567", "1234567890123456789", "-123456789012345678",
        "0.0000000000000000001", "29.500003", "-94.999995",
    ])
    func parsesExactlyLikeTheStandardLibrary(text: String) {
        #expect(parse(text) == Double(text))
    }

    @Test(arguments: [
        "", " ", "-", "+", ".", "e3", "1e", "1e+", "NaN", "nan", "inf", "-Infinity", "0x10", "1,5", "1.2.3", "12a",
        "--1", "1e400", "-.", "+-1", "1..2", "1.2.", "1-", " 1", "1 ",
    ])
    func rejectsNonNumbers(text: String) {
        #expect(parse(text) == nil)
    }

    @Test(arguments: [("0", 0), ("+12", 12), ("007", 7), ("999999999999999999", 999_999_999_999_999_999)])
    func parsesIntegers(text: String, expected: Int) {
        #expect(parseInt(text) == expected)
    }

    @Test(arguments: ["", "-1", "1.0", "1e2", "9999999999999999999", " 1"])
    func rejectsNonIntegers(text: String) {
        #expect(parseInt(text) == nil)
    }

    @Test func randomDecimalsRoundLikeTheStandardLibrary() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let whole = Int(truncatingIfNeeded: state >> 40) % 181 - 90
            let fraction = String(state % 10_000_000_000_000_000)
            let text = "\(whole).\(fraction)"
            #expect(parse(text) == Double(text), "\(text)")
        }
    }

    private func parse(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { TextBytes.parseDouble($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: $0.count) }
    }

    private func parseInt(_ text: String) -> Int? {
        var copy = text
        return copy.withUTF8 { TextBytes.parseInt($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: $0.count) }
    }
}
