import Foundation
import LocSimHTTPRecording
import LocSimScenarioHarness
package import LocSimSettings
import LocSimSupport

/// The default cassette pool of a plain `locsim replay <gpx>` (no `--cassette`, `--record` or
/// `--scenario`), docs/contract.md "Cassette pool": a scenario's cassette belongs to its scenario.
///
/// - A cassette outside any scenario folder (no `scenario.json` beside it) is always in the pool.
/// - A scenario is *compatible* when its settings make this replay's requests (``same(_:_:)``).
/// - When `<gpx>` is some scenario's track, one scenario of that track answers: the only
///   compatible one, else the only one whose providers include the replay's and whose geocoder
///   and base URLs are the same (its engine and playback settings may differ: the places differ,
///   the requests for a place do not). Two candidates, like a failure scenario beside another,
///   make the choice a guess: none answers, and a note lists them.
/// - Otherwise a compatible scenario answers when it is the only compatible one of its own track.
///
/// So one scenario's failure cassette (`aeris-invalid-client`, sharing its track with two other
/// Aeris failures) never answers another replay's requests.
package struct CassettePool {
    package init() {}

    /// Absolute paths of the scenario cassettes left out.
    package var excluded: Set<String> = []
    /// The scenario of this track whose cassette answers, when there is one.
    package var owner: String?
    /// Whether ``owner``'s settings are compatible (so `locsim record OWNER` records this replay's
    /// requests), not only its providers.
    package var ownerIsExact = false
    /// Scenarios with this track whose settings differ from the replay's.
    package var sameTrack: [String] = []
    /// Several compatible scenarios with this track (none is chosen).
    package var ambiguous: [String] = []
    /// The `scenario.json` files (as displayed) that could not be read: left out, with their
    /// cassettes, and reported as warnings; `locsim test` still fails on them.
    package var invalidScenarios: [String] = []

    /// The pool under `directory` (as given to the recording session) for the track at
    /// `trackPath` (absolute) replayed with `settings`; scenarios are read with `table` (the app's).
    package static func resolve(
        directory: String, trackPath: String, settings: ReplaySettings, table: [ReplaySettingSpec]
    ) -> CassettePool {
        var pool = CassettePool()
        let recordings = URL(fileURLWithPath: directory)
        guard let catalog = try? ScenarioCatalog.discover(in: recordings) else { return pool }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let track = URL(fileURLWithPath: trackPath).standardizedFileURL.path
        var compatibleByTrack: [String: [String]] = [:]
        var looseOnTrack: [String] = []
        var ownTrack = false
        for location in catalog.scenarios {
            pool.excluded.insert(base + "/" + location.name + "/cassette.json")
            guard let scenario = try? Scenario.load(location, settings: table) else {
                pool.invalidScenarios.append(location.scenarioFilePath)
                continue
            }
            // A scenario that records no request (authorization denied) answers nothing: no candidate.
            let cassette = try? CassetteStore.loadIfPresent(location.cassetteURL.path)
            guard let cassette, !cassette.interactions.isEmpty else { continue }
            let scenarioTrack = scenario.trackURL.standardizedFileURL.path
            let compatible = same(scenario.file.settings, settings)
            if scenarioTrack == track {
                ownTrack = true
                if !compatible {
                    if answersRequests(scenario.file.settings, settings) {
                        looseOnTrack.append(location.name)
                    } else {
                        pool.sameTrack.append(location.name)
                    }
                }
            }
            if compatible { compatibleByTrack[scenarioTrack, default: []].append(location.name) }
        }
        var answering: [String] = []
        if ownTrack {
            var matching = compatibleByTrack[track] ?? []
            pool.ownerIsExact = !matching.isEmpty
            if matching.isEmpty { matching = looseOnTrack }
            if matching.count == 1 {
                pool.owner = matching[0]
                answering = matching
            } else {
                pool.ambiguous = matching
            }
        } else {
            answering = compatibleByTrack.values.filter { $0.count == 1 }.flatMap { $0 }
        }
        for name in answering { pool.excluded.remove(base + "/" + name + "/cassette.json") }
        return pool
    }

    /// Whether the scenario's cassette was recorded for this replay's requests: the same engine,
    /// playback and geocoder settings (and base URLs), and the replay's providers among the
    /// scenario's. Advisory selection, push and the HTTP timeout, which change no provider
    /// request, may differ.
    package static func same(_ scenario: ReplaySettings, _ replay: ReplaySettings) -> Bool {
        guard Set(replay.providers).isSubset(of: scenario.providers) else { return false }
        var scenario = scenario
        scenario.providers = replay.providers
        scenario.advisory = replay.advisory
        scenario.push = replay.push
        scenario.pushEndpoint = replay.pushEndpoint
        scenario.httpTimeout = replay.httpTimeout
        return scenario == replay
    }

    /// Whether the scenario's cassette holds this replay's requests for the places they share:
    /// the replay's providers among the scenario's, the same geocoder and base URLs.
    package static func answersRequests(_ scenario: ReplaySettings, _ replay: ReplaySettings) -> Bool {
        Set(replay.providers).isSubset(of: scenario.providers) && scenario.geocoder == replay.geocoder
            && scenario.baseURLs == replay.baseURLs
    }

    /// One warning per unreadable `scenario.json`: a replay that does not use it goes on.
    package var warnings: [(message: String, location: String)] {
        invalidScenarios.map {
            ("not a valid scenario, so left out of this replay with its cassette (`locsim test` reports why)", $0)
        }
    }

    /// A note for the user when a scenario of this track was left out, else `nil`.
    package func note(gpx: String) -> String? {
        if !ambiguous.isEmpty {
            return
                "\(ambiguous.count) scenarios replay \(gpx) with settings like these (\(ambiguous.joined(separator: ", "))), "
                + "so none of their cassettes answers; choose one: locsim replay --scenario \(ambiguous[0])"
        }
        if owner == nil, let first = sameTrack.first {
            return "\(gpx) is the track of scenario\(sameTrack.count == 1 ? "" : "s") "
                + "\(sameTrack.joined(separator: ", ")), whose settings differ from this replay's; "
                + "replay it with its settings and cassette: locsim replay --scenario \(first)"
        }
        return nil
    }
}
