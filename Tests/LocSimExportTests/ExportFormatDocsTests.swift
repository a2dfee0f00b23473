import Foundation
import LocSimExport
import Testing

/// docs/export.md's `--to` table lists exactly ``ExportFormatRegistry/builtIn``, in its order:
/// a new built-in format fails here until it has its row, a removed one until its row goes.
@Suite struct ExportFormatDocsTests {
    @Test func theToTableHasARowPerBuiltInFormat() throws {
        let path = ExportRun.repository.appendingPathComponent("docs/export.md")
        let text = try String(contentsOf: path, encoding: .utf8)
        let header = try #require(text.range(of: "| `--to` | writes | for |\n"))
        let table = text[header.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { $0.hasPrefix("|") }
        let names = table.compactMap { line in
            line.firstMatch(of: /^\| `([a-z][a-z0-9-]*)` \|/).map { String($0.output.1) }
        }
        #expect(names == ExportFormatRegistry.builtIn.names)
    }
}
