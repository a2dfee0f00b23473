import Testing

@testable import LocSimCLI

@Suite struct StringWrappingTests {
    @Test(arguments: [
        ("", 10, [""]),
        ("short", 10, ["short"]),
        ("one two three", 7, ["one two", "three"]),
        ("exactly ten", 11, ["exactly ten"]),
        ("a verylongword b", 5, ["a", "verylongword", "b"]),
        ("para one\n\npara two", 80, ["para one", "", "para two"]),
    ])
    func wrapsAtSpacesAndKeepsNewlines(text: String, width: Int, lines: [String]) {
        #expect(text.wrapped(to: width) == lines)
    }

    @Test func noLineExceedsTheWidthUnlessItIsOneWord() {
        let text = String(repeating: "lorem ipsum dolor sit amet, consectetur ", count: 20)
        for line in text.wrapped(to: 54) {
            #expect(line.count <= 54)
            #expect(!line.hasPrefix(" ") && !line.hasSuffix(" "))
        }
    }
}
