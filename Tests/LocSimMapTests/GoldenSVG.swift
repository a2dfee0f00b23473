import Foundation
import Testing

/// Compares an SVG with a file in `Golden/` byte for byte; `MAP_GOLDEN_RECORD=1` (never with `CI`
/// set) writes it instead: `MAP_GOLDEN_RECORD=1 swift test --filter LocSimMapTests`.
enum GoldenSVG {
    static func check(_ svg: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        // Every map a test compares must also parse (issue 24 item 2: a raw `<PLACEHOLDER>` once
        // broke one): a golden blessed from a broken map would otherwise compare equal forever.
        #expect(throws: Never.self, "\(name) is not well-formed SVG", sourceLocation: sourceLocation) {
            _ = try SVGTree(svg)
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden").appendingPathComponent(name)
        let environment = ProcessInfo.processInfo.environment
        if environment["MAP_GOLDEN_RECORD"] == "1", environment["CI"] == nil {
            try Data(svg.utf8).write(to: source, options: .atomic)
            return
        }
        let stem = (name as NSString).deletingPathExtension
        let url = try #require(
            Bundle.module.url(forResource: stem, withExtension: "svg", subdirectory: "Golden"),
            "missing resource Golden/\(name)", sourceLocation: sourceLocation)
        let golden = try String(contentsOf: url, encoding: .utf8)
        guard svg != golden else { return }
        let actual = svg.split(separator: "\n", omittingEmptySubsequences: false)
        let expected = golden.split(separator: "\n", omittingEmptySubsequences: false)
        let line =
            zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actual.count, expected.count)
        let got = line < actual.count ? String(actual[line].prefix(300)) : "<end of file>"
        let want = line < expected.count ? String(expected[line].prefix(300)) : "<end of file>"
        Issue.record(
            """
            SVG differs from \(source.path) at line \(line + 1):
            - \(want)
            + \(got)
            Re-bless with: MAP_GOLDEN_RECORD=1 swift test --filter LocSimMapTests
            """, sourceLocation: sourceLocation)
    }
}
