import Foundation
import Testing

/// The README's GitHub Actions snippet works when copied: it installs exactly the packages
/// `.ci/run` installs (both from `.ci/packages`), and its shard matrix and JUnit upload agree.
@Suite struct CIRecipeTests {
    static let root = ReadmeQuotesTests.root

    static func packages() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(".ci/packages"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            line.hasPrefix("#") ? nil : line.split(separator: " ").first.map(String.init)
        }
    }

    static func snippet() throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```yaml\nname: scenarios\n"))
        let end = try #require(readme[start.upperBound...].range(of: "```\n"))
        return String(readme[start.upperBound..<end.lowerBound])
    }

    @Test func theSnippetInstallsThePackagesOfCIPackages() throws {
        let snippet = try Self.snippet()
        let line = try #require(snippet.split(separator: "\n").first { $0.contains("apt-get install") })
        let words = line.split(separator: " ").map(String.init)
        let install = try #require(words.firstIndex(of: "install"))
        let listed = words[(install + 1)...].filter { !$0.hasPrefix("-") }
        #expect(try Self.packages() == ["pkg-config", "libxml2-dev", "zlib1g-dev", "libcurl4-openssl-dev"])
        #expect(Set(listed) == Set(try Self.packages()))
    }

    @Test func theCIScriptReadsCIPackages() throws {
        // Through the one installer (issue 34 item 15), which reads the list.
        let script = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(script.contains("scripts/install-packages </dev/null"))
        let installer = try String(
            contentsOf: Self.root.appendingPathComponent("scripts/install-packages"), encoding: .utf8)
        #expect(installer.contains("done <.ci/packages"))
        #expect(!installer.contains("missing+=(libxml2-dev)"))
    }

    /// issue 24 item 15: every CI snippet in the README and docs/ installs exactly `.ci/packages`
    /// (docs/scenarios.md once installed `libxml2-dev` alone).
    @Test func everyCISnippetInTheDocsInstallsThePackagesOfCIPackages() throws {
        let docs = Self.root.appendingPathComponent("docs")
        let files =
            ["README.md"]
            + (try FileManager.default.contentsOfDirectory(atPath: docs.path)).filter { $0.hasSuffix(".md") }.sorted()
            .map { "docs/" + $0 }
        var snippets = 0
        for file in files {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("apt-get install") && line.contains("- run:") {
                let words = line.split(separator: " ").map(String.init)
                let install = try #require(words.firstIndex(of: "install"))
                let listed = words[(install + 1)...].filter { !$0.hasPrefix("-") }
                #expect(listed == (try Self.packages()), "\(file): \(line)")
                snippets += 1
            }
        }
        #expect(snippets >= 2)
    }

    /// issue 24 item 15: `scripts/test` switches XCTest off while no test uses it, so neither
    /// package's run prints an empty "Executed 0 tests" block.
    @Test func theTestScriptSkipsXCTestWhileNoTestUsesIt() throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent("scripts/test"), encoding: .utf8)
        let runs = script.split(separator: "\n").filter { $0.hasPrefix("swift test") }
        #expect(runs.count == 2)
        for run in runs { #expect(run.contains("$(xctest "), "\(run)") }
        #expect(script.contains("import XCTest'") && script.contains("--disable-xctest"))
    }

    /// Three shards, each run as `I/3` and uploading the JUnit file it wrote.
    @Test func theShardMatrixAndJUnitUploadAgree() throws {
        let snippet = try Self.snippet()
        #expect(snippet.contains("matrix: { shard: [1, 2, 3] }"))
        #expect(snippet.contains("locsim test --shard ${{ matrix.shard }}/3 --junit junit-${{ matrix.shard }}.xml"))
        #expect(snippet.contains("path: junit-${{ matrix.shard }}.xml"))
        #expect(snippet.contains("if: always()"))
    }
}
