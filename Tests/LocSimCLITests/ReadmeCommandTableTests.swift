import Foundation
import LocSimCLI
import Testing

/// issue 24 item 15: the README's command table lists every command (`export` and `scenario`
/// were missing), and the README says how to put `locsim` on `PATH`.
@Suite struct ReadmeCommandTableTests {
    static func readme() throws -> String {
        try String(contentsOf: ReadmeQuotesTests.root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test func theCommandTableListsEveryCommand() throws {
        let readme = try Self.readme()
        let rows = readme.split(separator: "\n").filter { $0.hasPrefix("| `locsim ") }
        let listed = Set(
            rows.compactMap { $0.dropFirst("| `locsim ".count).split(whereSeparator: { $0 == " " || $0 == "`" }).first }
                .map(String.init))
        let names = LocSim.commands.map { $0.spec.name }
        #expect(names.count >= 10)
        for name in names { #expect(listed.contains(name), "the README's command table has no row for '\(name)'") }
    }

    /// The "Use locsim from your own package" table names every library product of
    /// `Package.swift` a user's test target takes (`LocSimScenarioTesting` was in the snippet,
    /// not in the table); `LocSimTesting`, locsim's own test server, is not for users.
    @Test func theProductTableListsEveryLibraryProduct() throws {
        let readme = try Self.readme()
        let manifest = try String(
            contentsOf: ReadmeQuotesTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let products = manifest.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: ".library(name: \"") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != "\"" })
        }
        #expect(products.count >= 7)
        let rows = Set(
            readme.split(separator: "\n").filter { $0.hasPrefix("| `LocSim") }.map {
                String($0.dropFirst(3).prefix { $0 != "`" })
            })
        for product in products where product != "LocSimTesting" {
            #expect(rows.contains(product), "the README's product table has no row for '\(product)'")
        }
    }

    @Test func theReadmeSaysHowToPutLocsimOnPath() throws {
        let readme = try Self.readme()
        let marker = try #require(readme.range(of: "<!-- journey: locsim-on-path -->\n```sh\n"))
        let block = readme[marker.upperBound...].prefix { $0 != "`" }
        #expect(block.contains("swift build -c release --product locsim"))
        #expect(block.contains(#"export PATH="$(swift build -c release --show-bin-path):$PATH""#))
        #expect(block.hasSuffix("locsim --version\n"))
    }
}
