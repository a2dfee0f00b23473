import Foundation
import LocSimGeocoding
import LocSimPush
import LocSimSupport
import LocSimWeather
import Testing

/// The docs list exactly the registries' built-ins, so a new built-in plug-in fails here until
/// it is documented, and a removed one until its row goes. The authoritative place for each
/// kind: docs/contract.md's table of seams ("built-in conformers", each `Type` (`name`)) for
/// providers, geocoders and push sinks, and docs/providers.md's request table for providers.
@Suite struct BuiltInPluginDocsTests {
    static let docs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
    }

    /// The names `(`name`)` in the "built-in conformers" column of docs/contract.md's seam row
    /// `seam`, in order.
    static func contractNames(seam: String) throws -> [String] {
        let row = try #require(try text("contract.md").split(separator: "\n").first { $0.hasPrefix("| \(seam) |") })
        let columns = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        let conformers = try #require(columns.count > 3 ? columns[2] : nil)
        return conformers.matches(of: /\(`([a-z][a-z0-9-]*)`/).map { String($0.output.1) }
    }

    @Test func contractListsEveryBuiltInProvider() throws {
        #expect(try Self.contractNames(seam: "weather provider") == ProviderRegistry.builtIn.names.map(\.rawValue))
    }

    @Test func contractListsEveryBuiltInGeocoder() throws {
        #expect(try Self.contractNames(seam: "geocoder by name") == GeocoderRegistry.builtIn.names.map(\.rawValue))
    }

    @Test func contractListsEveryBuiltInPushSink() throws {
        #expect(try Self.contractNames(seam: "push sink by name") == PushSinkRegistry.builtIn.names.map(\.rawValue))
    }

    @Test func providersRequestTableHasARowPerBuiltInProvider() throws {
        let text = try Self.text("providers.md")
        let start = try #require(text.range(of: "\n## Requests\n"))
        let section = text[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        let names = section[..<end].split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^\| `([a-z][a-z0-9-]*)` \|/).map { String($0.output.1) }
        }
        #expect(names == ProviderRegistry.builtIn.names.map(\.rawValue))
    }
}
