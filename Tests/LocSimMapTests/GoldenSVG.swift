import Foundation
import LocSimTesting
import Testing

/// Compares an SVG with a file in `Golden/` byte for byte (``GoldenFile``: `LOCSIM_WRITE_GOLDENS=1`
/// rewrites it, and that run fails).
enum GoldenSVG {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ svg: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        // Every map a test compares must also parse (issue 24 item 2: a raw `<PLACEHOLDER>` once
        // broke one): a golden blessed from a broken map would otherwise compare equal forever.
        #expect(throws: Never.self, "\(name) is not well-formed SVG", sourceLocation: sourceLocation) {
            _ = try SVGTree(svg)
        }
        if let problem = GoldenFile.problem(
            svg, golden: goldens.appendingPathComponent(name), filter: "LocSimMapTests")
        {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }
}
