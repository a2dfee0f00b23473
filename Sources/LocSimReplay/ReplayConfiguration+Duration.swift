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
        let reader = GPXReader(options: GPXReaderOptions(maxGap: playback.maxGap, strict: strict, source: source))
        var drive = Drive(
            points: TrackFilePoints(file: file, displayPath: file.path, reader: reader, source: source),
            playback: playback, laps: lapSequence, engine: engine, maxFixes: maxFixes)
        do {
            while let step = try drive.next() {
                if case .finish(let t, _) = step { return t }
            }
        } catch {
            return nil
        }
        return nil
    }
}
