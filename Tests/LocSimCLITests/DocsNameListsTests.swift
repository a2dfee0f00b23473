import Foundation
import LocSimGeocoding
import LocSimHTTPRecording
import LocSimPush
import LocSimReplay
import LocSimSupport
import LocSimTesting
import LocSimWeather
import Testing

/// The lists of names the README and docs spell out are the registries' (issue 36 item 5): a
/// provider, geocoder, push sink or endpoint key registered in `ReplayApp.builtIn` and missing from
/// a list (or listed and gone) fails here, naming the file, the list and the name.
@Suite struct DocsNameListsTests {
    static let app = ReplayApp()

    static func text(_ file: String) throws -> String {
        try String(contentsOf: RepositoryFixture.root.appendingPathComponent(file), encoding: .utf8)
    }

    /// The backquoted names in `text`, in order (`` `aeris` `` → `aeris`), dropping those with spaces
    /// or placeholders (`` `{nws}` ``, `` `--providers LIST` ``).
    static func names(in text: Substring) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, part in
            index % 2 == 1 && !part.contains(" ") && !part.contains("{") && !part.contains("=")
                ? String(part) : nil
        }
    }

    /// The one line of `file` that starts with `prefix` (after leading spaces).
    static func line(_ file: String, startingWith prefix: String) throws -> Substring {
        let lines = try text(file).split(separator: "\n").filter {
            $0.drop { $0 == " " }.hasPrefix(prefix)
        }
        #expect(lines.count == 1, "\(file): expected one line starting with \(prefix), found \(lines.count)")
        return lines.first ?? ""
    }

    static var providers: [String] { app.providers.names.map(\.rawValue) }
    static var endpointKeys: [String] { app.endpoints.keys.map(\.rawValue) }

    @Test func readmeProvidersRowListsEveryProvider() throws {
        let row = try Self.line("README.md", startingWith: "| `--providers LIST`")
        let listed = Self.names(in: row.split(separator: "|")[2])
        #expect(listed == Self.providers + ["none"], "README.md's --providers row")
    }

    @Test func baseURLListsNameEveryEndpointKey() throws {
        let readme = try Self.line("README.md", startingWith: "| `--base-url KEY=URL`")
        #expect(Self.names(in: readme.split(separator: "|")[2]) == Self.endpointKeys, "README.md's --base-url row")
        let scenarioKey = try Self.line("docs/contract.md", startingWith: "| `baseURLs.<key>`")
        #expect(
            Self.names(in: scenarioKey.split(separator: "|")[0]).dropFirst() == Self.endpointKeys[...],
            "docs/contract.md's baseURLs row")
        let contract = try Self.text("docs/contract.md")
        let start = try #require(contract.range(of: "declare: built in, "))
        let end = try #require(contract[start.upperBound...].range(of: ", plus any"))
        #expect(
            Self.names(in: contract[start.upperBound..<end.lowerBound]) == Self.endpointKeys,
            "docs/contract.md's --base-url paragraph")
    }

    @Test func pluginTableNamesEveryBuiltIn() throws {
        let weather = try Self.line("docs/contract.md", startingWith: "| weather provider |")
        let providerColumn = weather.split(separator: "|")[2]
        let named = Self.names(in: providerColumn).filter { !$0.hasSuffix("Provider") }
        #expect(named == Self.providers, "docs/contract.md's plug-in table, weather provider row")
        let geocoders = try Self.line("docs/contract.md", startingWith: "| geocoder by name |")
        #expect(
            Self.names(in: geocoders.split(separator: "|")[2]).filter { !$0.hasSuffix("Plugin") }
                == Self.app.geocoders.names.map(\.rawValue),
            "docs/contract.md's plug-in table, geocoder row")
        let sinks = try Self.line("docs/contract.md", startingWith: "| push sink by name |")
        #expect(
            Self.names(in: sinks.split(separator: "|")[2]).filter {
                !$0.hasSuffix("Plugin") && !$0.hasSuffix("Endpoint")
            }
                == Self.app.pushSinks.names.map(\.rawValue),
            "docs/contract.md's plug-in table, push sink row")
    }

    @Test func providersRequestTableHasARowPerProvider() throws {
        let text = try Self.text("docs/providers.md")
        for name in Self.providers {
            #expect(text.contains("\n| `\(name)` | `GET "), "docs/providers.md's request table has no row for \(name)")
        }
    }
}
