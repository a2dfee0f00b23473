import Foundation
import LocSimGeocoding
import LocSimHTTPRecording
import LocSimPluginOptions
import LocSimPush
import LocSimReplay
import LocSimSupport
import LocSimTesting
import LocSimWeather
import Testing

/// docs/plugins.md is generated from the built-in registries (issue 36 item 5): every provider,
/// geocoder and push sink as it describes itself (name, summary or help, endpoints, secrets,
/// options), and every endpoint key `--base-url` takes. A plug-in added or changed changes the
/// page; the page is never edited by hand (`LOCSIM_WRITE_GOLDENS=1 swift test --filter
/// PluginsPageTests` rewrites it, as every golden).
@Suite struct PluginsPageTests {
    static let page = RepositoryFixture.root.appendingPathComponent("docs/plugins.md")

    @Test func thePageIsTheRegistriesOwnDescriptions() {
        let text = Self.text(ReplayApp())
        if let problem = GoldenFile.problem(text, golden: Self.page, filter: "PluginsPageTests") {
            Issue.record("\(problem)")
        }
    }

    @Test func everyRegisteredNameHasARow() {
        let app = ReplayApp()
        let text = Self.text(app)
        for name in app.providers.names { #expect(text.contains("\n| `\(name.rawValue)` |")) }
        for name in app.geocoders.names { #expect(text.contains("\n| `\(name.rawValue)` |")) }
        for name in app.pushSinks.names { #expect(text.contains("\n| `\(name.rawValue)` |")) }
        for key in app.endpoints.keys { #expect(text.contains("\n| `\(key.rawValue)` |")) }
    }

    /// A table cell: `|` and line breaks would end the cell or the row.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    static func code(_ text: String) -> String { "`\(text)`" }

    /// A table row of `cells`.
    static func row(_ cells: String...) -> String { "| " + cells.joined(separator: " | ") + " |" }

    /// A table's header row and its rule.
    static func header(_ titles: String...) -> [String] {
        ["| " + titles.joined(separator: " | ") + " |", "|" + String(repeating: "---|", count: titles.count)]
    }

    static func endpoints(_ declarations: [EndpointDeclaration]) -> String {
        declarations.isEmpty ? "—" : declarations.map { code($0.key.rawValue) }.joined(separator: ", ")
    }

    static func secrets(_ declarations: [SecretDeclaration]) -> String {
        guard !declarations.isEmpty else { return "—" }
        return declarations.map { secret in
            let places =
                secret.queryParameters.map { "query \(code($0))" } + secret.headers.map { "header \(code($0))" }
            return code(secret.variable)
                + (places.isEmpty ? " (its value, wherever it appears)" : " (\(places.joined(separator: ", ")))")
        }.joined(separator: "; ")
    }

    static func options(_ options: [PluginOption]) -> String {
        options.isEmpty
            ? "—"
            : options.map { "\(code("\($0.flag) \($0.valueName)")) / \(code($0.key)): \(cell($0.help))" }
                .joined(separator: "<br>")
    }

    static func text(_ app: ReplayApp) -> String {
        var lines =
            [
                "# Built-in plug-ins",
                "",
                "<!-- Generated from ReplayApp()'s registries by PluginsPageTests (Tests/LocSimCLITests); do not edit:",
                "     LOCSIM_WRITE_GOLDENS=1 swift test --filter PluginsPageTests rewrites it. -->",
                "",
                "What each built-in provider, geocoder and push sink declares about itself, as `--help`,",
                "`serve --help` and `scenario.json`'s errors read it. A plug-in of your own declares the same",
                "([providers.md](providers.md)).",
                "",
                "## Weather providers (`--providers`, `scenario.json` `providers`)",
                "",
            ] + header("name", "what it asks", "endpoints", "secrets (environment variable, where it goes)", "options")
        for name in app.providers.names {
            guard let provider = app.providers[name] else { continue }
            lines.append(
                row(
                    code(name.rawValue), cell(provider.summary), endpoints(provider.endpoints),
                    secrets(provider.secrets), options(provider.options)))
        }
        lines +=
            [
                "", "## Geocoders (`--geocoder`, `scenario.json` `geocoder.kind`)", "",
            ] + header("name", "what it is", "endpoints", "secrets", "default throttle", "options")
        for name in app.geocoders.names {
            guard let geocoder = app.geocoders[name] else { continue }
            let limit = geocoder.defaultLimit.map { "\($0.requests) per \(Int($0.seconds)) s" } ?? "none"
            lines.append(
                row(
                    code(name.rawValue), cell(geocoder.help), endpoints(geocoder.endpoints), secrets(geocoder.secrets),
                    limit, options(geocoder.options)))
        }
        lines +=
            [
                "", "## Push sinks (`--push-endpoint`, `scenario.json` `push.endpoint`)", "",
            ] + header("name", "what it is", "endpoint", "secrets", "needs `--bundle-id`", "options")
        for name in app.pushSinks.names {
            guard let sink = app.pushSinks[name] else { continue }
            lines.append(
                row(
                    code(name.rawValue), cell(sink.help), endpoints([sink.endpoint]), secrets(sink.secrets),
                    sink.needsBundleID ? "yes" : "no", options(sink.options)))
        }
        lines +=
            [
                "", "## Endpoint keys (`--base-url KEY=URL`, `scenario.json` `baseURLs`)", "",
            ] + header("key", "default base URL")
        for declaration in app.endpoints.declarations {
            lines.append(row(code(declaration.key.rawValue), declaration.defaultBaseURL))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
