import Foundation
import LocSimHTTPRecording
import LocSimReplay
public import LocSimScenarioHarness
import LocSimSupport

extension ReplayScenarioExecutor {
    /// Runs `scenario` offline from its `cassette.json`, as `locsim test` does, and returns the
    /// indexes of the interactions that answered a request (empty without a cassette).
    public func usedInteractions(_ scenario: Scenario) throws -> Set<Int> {
        let path = scenario.location.cassetteURL.path
        guard (try? CassetteStore.loadIfPresent(path)) != nil else { return [] }
        if let missing = scenario.missingTrack { throw ReplayError(.missingInput, missing) }
        let configuration = try scenario.file.settings.configuration(app: app)
        var options = RecordingOptions(
            live: false, cassettePaths: [path], environment: [:], secrets: app.secrets,
            recordCommand: "locsim record \(scenario.name) --mode new-episodes")
        options.matching = app.matchingRules
        let session = try RecordingSession(options: options)
        let geocoder = try self.geocoder ?? ReplayGeocoders.make(for: configuration, client: session.client, app: app)
        let runner = ReplayRunner(configuration: configuration, geocoder: geocoder, client: session.client, app: app)
        _ = try runner.run(gpxPath: scenario.trackURL.path, displayPath: scenario.file.track) { _ in }
        return session.usedInteractions[path] ?? []
    }
}
