package import Foundation
import LocSimHTTPRecording
package import LocSimReplay
import LocSimScenarioHarness
import LocSimSupport

/// The command a miss report says to run to record what was missing, for `locsim replay`,
/// `locsim serve` and a scenario run alike (a user's own `LocSim.main` words it the same way).
package enum RecordSuggestion {
    /// For a replay of `gpx`: `locsim record NAME` for a scenario's requests, else a live replay
    /// recording into the one cassette named (a HAR, which is never recorded into, imported
    /// first), else a new scenario for the track (named after it; `taken` says which names
    /// exist, so `-2`, `-3`… follow).
    package static func replay(
        gpx: String, record: String?, cassettes: [String], scenario: String?, taken: ((String) -> Bool)? = nil
    ) -> String {
        if let scenario { return "locsim record \(ShellQuote.quote(scenario)) --mode new-episodes" }
        if let cassette = record ?? (cassettes.count == 1 ? cassettes[0] : nil) {
            let (importing, target) = importingHAR(cassette)
            return importing
                + "locsim replay \(ShellQuote.quote(gpx)) --live --record \(ShellQuote.quote(target)) --mode new-episodes"
        }
        let stem = ((gpx as NSString).lastPathComponent as NSString).deletingPathExtension
        var name = ScenarioName.suggested(from: stem)
        if let taken, taken(name) {
            name = (2...).lazy.map { "\(name)-\($0)" }.first { !taken($0) } ?? name
        }
        return "locsim scenario new \(name) --track \(ShellQuote.quote(gpx)) && locsim record \(name)"
    }

    /// For a scenario run: `locsim record` for the stock app; for an app with plug-ins or
    /// services of its own (which the stock `locsim` does not know), the same command through a
    /// `locsim` of your own built on that app. A `recordings` folder other than `Recordings` in
    /// the working directory `from` (default: this process's) is named with `--recordings`, from
    /// there when it lies inside it (`Tests/AppTests/Recordings`), else in full.
    package static func scenario(_ name: String, app: ReplayApp, recordings: URL? = nil, from: String? = nil) -> String
    {
        var arguments = "record \(ShellQuote.quote(name)) --mode new-episodes"
        if let recordings {
            let folder = recordings.standardizedFileURL.path
            let shown = relative(folder, from: from) ?? folder
            if shown != "Recordings" { arguments += " --recordings \(ShellQuote.quote(shown))" }
        }
        guard app.isBuiltIn else {
            return "swift run my-locsim \(arguments), where my-locsim is a locsim of your own built on this app "
                + "(product LocSimCommandLine: LocSim.main(arguments:app:), docs/providers.md); the stock "
                + "`locsim record` does not know its plug-ins"
        }
        return "locsim \(arguments)"
    }

    /// `path` from the working directory `from` (default: this process's) when it lies inside it.
    package static func relative(_ path: String, from: String? = nil) -> String? {
        let directory = URL(fileURLWithPath: from ?? FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        guard standardized.hasPrefix(base), standardized.count > base.count else { return nil }
        return String(standardized.dropFirst(base.count))
    }

    /// A HAR replays but is never recorded into: for a HAR, `locsim cassettes import X.har -o
    /// X.json && ` and `X.json`, the cassette to record into; for any other file, nothing and the
    /// file itself.
    package static func importingHAR(_ cassette: String) -> (prefix: String, target: String) {
        guard HARReader.isHARPath(cassette) else { return ("", cassette) }
        let json = (cassette as NSString).deletingPathExtension + ".json"
        return ("locsim cassettes import \(ShellQuote.quote(cassette)) -o \(ShellQuote.quote(json)) && ", json)
    }
}
