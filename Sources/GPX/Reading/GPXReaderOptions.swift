/// Limits and buffer sizes of the GPX reader. The defaults suit every real GPX file; they exist
/// so hostile input fails with an error instead of growing memory.
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

    public init(chunkSize: Int = 256 * 1024, maxDepth: Int = 256, maxTextLength: Int = 4096, maxDiagnostics: Int = 1000)
    {
        self.chunkSize = max(chunkSize, 16)
        self.maxDepth = max(maxDepth, 8)
        self.maxTextLength = max(maxTextLength, 64)
        self.maxDiagnostics = max(maxDiagnostics, 1)
    }
}
