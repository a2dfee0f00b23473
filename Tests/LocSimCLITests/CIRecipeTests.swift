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
        let script = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(script.contains("done < .ci/packages"))
        #expect(!script.contains("missing+=(libxml2-dev)"))
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
