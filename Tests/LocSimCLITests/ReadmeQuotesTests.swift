import Foundation
import Testing

/// The README quotes the example app package instead of inventing code: every ```swift block
/// announced by `<!-- quote: PATH -->` must appear verbatim in that file.
struct ReadmeQuotesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// (path, quoted code) for every announced block.
    static func quotes() throws -> [(path: String, code: String)] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var quotes: [(String, String)] = []
        var rest = Substring(readme)
        while let marker = rest.range(of: "<!-- quote: ") {
            rest = rest[marker.upperBound...]
            guard let end = rest.range(of: " -->") else { break }
            let path = String(rest[..<end.lowerBound])
            guard let open = rest.range(of: "```swift\n"), let close = rest[open.upperBound...].range(of: "```\n")
            else {
                break
            }
            quotes.append((path, String(rest[open.upperBound..<close.lowerBound])))
            rest = rest[close.upperBound...]
        }
        return quotes
    }

    @Test func theReadmeQuotesTheExampleVerbatim() throws {
        let quotes = try Self.quotes()
        #expect(quotes.count >= 3)
        for (path, code) in quotes {
            let source = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            #expect(source.contains(code), "README block quoted from \(path) is not in that file:\n\(code)")
        }
    }
}
