/// Limits and buffer sizes of the GPX reader, and its policy for messy files. The defaults suit
/// every real GPX file; the limits exist so hostile input fails with an error instead of growing
/// memory.
public struct GPXReaderOptions: Sendable, Hashable {
    /// Bytes read from the file and pushed to libxml2 at a time.
    public var chunkSize: Int
    /// Deepest element nesting accepted (real GPX needs about 7); deeper is a `too-deep` error.
    public var maxDepth: Int
    /// Longest text kept for an element the reader uses (`name`, `time`, numbers), in bytes;
    /// longer is a `text-too-long` error. Text of skipped elements is never accumulated.
    public var maxTextLength: Int
    /// Validation stops after this many problems (and says so), keeping memory bounded.
    public var maxDiagnostics: Int
    /// Seconds between consecutive timed points above which a `long-gap` warning says replay
    /// pauses there (`--max-gap`, default 600).
    public var maxGap: Double
    /// Warnings become errors (`--strict`): the reader stops at the first one; validation reports
    /// the summaries as errors.
    public var strict: Bool
    /// The kind a replay uses (`--source`); `nil` chooses tracks, else routes, else waypoints.
    /// Problems in points of other kinds never stop a read, and gap and repeated-time warnings
    /// are about this kind only.
    public var source: GPXPointKind?

    public init(
        chunkSize: Int = 256 * 1024, maxDepth: Int = 256, maxTextLength: Int = 4096, maxDiagnostics: Int = 1000,
        maxGap: Double = 600, strict: Bool = false, source: GPXPointKind? = nil
    ) {
        self.chunkSize = max(chunkSize, 16)
        self.maxDepth = max(maxDepth, 8)
        self.maxTextLength = max(maxTextLength, 64)
        self.maxDiagnostics = max(maxDiagnostics, 1)
        self.maxGap = maxGap.isNaN ? 600 : max(maxGap, 0)
        self.strict = strict
        self.source = source
    }
}
