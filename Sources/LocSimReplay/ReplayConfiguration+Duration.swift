package import LocSimGPX
import LocSimSimulation

extension ReplayConfiguration {
    /// The virtual seconds a replay of `file` lasts until playback ends (the drive alone: no
    /// services, no transcript), or `nil` when the file cannot be replayed (the replay says why).
    /// Reads the file once more through its descriptor (not a pipe, which only the replay may
    /// read): for a progress line's total.
    package func driveDuration(of file: GPXFile) -> Double? {
        // A pipe can be read once: the replay's pass.
        guard file.isRegularFile else { return nil }
        var drive = drive(of: file, displayPath: file.path)
        do {
            while let step = try drive.next() {
                if case .finish(let t, _) = step { return t }
            }
        } catch {
            return nil
        }
        return nil
    }

    /// The one drive of a replay of `file` with these settings (`displayPath` names the file in
    /// errors).
    func drive(of file: GPXFile, displayPath: String) -> Drive<TrackFilePoints> {
        let reader = GPXReader(options: GPXReaderOptions(maxGap: playback.maxGap, strict: strict, source: source))
        return Drive(
            points: TrackFilePoints(file: file, displayPath: displayPath, reader: reader, source: source),
            playback: playback, laps: lapSequence, engine: engine, events: events, maxFixes: maxFixes)
    }
}
