import Foundation
import Testing

/// docs/device.md quotes tests instead of inventing code: every ```swift block announced by
/// `<!-- quote: PATH -->` must appear verbatim in that file, and the page has no other
/// ```swift block (its API outline is ```text).
struct DeviceDocsQuotesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func docsDeviceQuotesTheTestsVerbatim() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/device.md"), encoding: .utf8)
        let blocks = page.components(separatedBy: "```swift\n").dropFirst()
        #expect(blocks.count == 11)
        let announced = page.components(separatedBy: "<!-- quote: ").dropFirst()
        #expect(announced.count == blocks.count)
        for (announcement, block) in zip(announced, blocks) {
            let path = String(announcement.prefix { $0 != " " })
            let code = try #require(block.components(separatedBy: "```\n").first)
            let source = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            #expect(source.contains(code), "docs/device.md block quoted from \(path) is not in that file:\n\(code)")
        }
    }
}
