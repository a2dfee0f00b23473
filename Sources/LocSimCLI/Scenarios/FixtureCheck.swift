import Foundation
import LocSimReplay
import LocSimScenarioHarness
import LocSimSupport

/// The dry run before `locsim record NAME --from-fixtures DIR` records anything: the scenario is
/// replayed against the fixture files, and when a request has no file, the files it needs are
/// listed (all of them, in request order) and nothing is written.
enum FixtureCheck {
    /// `nil` when every request has its file; otherwise the status the command ends with.
    static func run(
        _ scenario: Scenario, transport: FixtureTransport, typed: String, _ context: CommandContext
    ) throws -> ExitCode? {
        let configuration = try scenario.file.settings.configuration(app: context.app)
        let geocoder = try GeocoderFactory.make(configuration, client: transport, app: context.app)
        let runner = ReplayRunner(configuration: configuration, geocoder: geocoder, client: transport, app: context.app)
        _ = try runner.run(gpxPath: scenario.trackURL.path, displayPath: scenario.file.track) { _ in }
        let missing = transport.missing
        guard !missing.isEmpty else { return nil }
        let folder = typed.hasSuffix("/") ? String(typed.dropLast()) : typed
        var text: TerminalText =
            "\(scenario.name) needs \(missing.count) fixture file(s) (any extension; nothing was written):"
        for file in missing { text += "\n  \(folder)/\(file)" }
        context.diagnostics.error(text)
        return .failure
    }
}
