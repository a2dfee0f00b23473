import Foundation

extension Scenario {
    /// Why the scenario's track cannot be played because it is not there, or `nil` when it is:
    /// `Waypoints/x.gpx: error: no such file or directory (the track of
    /// Recordings/x/scenario.json, read from the folder that holds Recordings/: ROOT/)`. A scenario
    /// folder copied without its track, or beside another `Waypoints/`, said only the first part,
    /// which left the user guessing where `track` is looked for.
    package var missingTrack: String? {
        guard !FileManager.default.fileExists(atPath: trackURL.path) else { return nil }
        let root = location.root.path
        return "\(file.track): error: no such file or directory (the track of \(location.scenarioFilePath), "
            + "read from the folder that holds Recordings/: \(root.hasSuffix("/") ? root : root + "/"))"
    }
}
