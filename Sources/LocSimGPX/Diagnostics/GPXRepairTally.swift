/// One kind of repair the reader made, counted so that it is reported once, with a count,
/// instead of once per point: "12 points stepped back in time (largest 16 h 2 min at 513:9);
/// dropped". The warning is placed at the first occurrence.
struct GPXRepairTally {
    private(set) var count = 0
    private(set) var first = (line: 0, column: 0)
    /// What the first occurrence looked like (a time as written, a latitude), for the message.
    private(set) var firstSample = ""
    /// The largest size seen (a step back, a gap) and where.
    private(set) var largest = 0.0
    private(set) var largestAt = (line: 0, column: 0)

    /// Counts one occurrence at `at`; `size` ranks occurrences for "largest", `sample` is kept for
    /// the first one only.
    mutating func add(at: (line: Int, column: Int), size: Double = 0, sample: @autoclosure () -> String = "") {
        if count == 0 {
            first = at
            firstSample = sample()
            largest = size
            largestAt = at
        } else if size > largest {
            largest = size
            largestAt = at
        }
        count += 1
    }

    /// "1 point" / "12 points".
    static func points(_ count: Int) -> String { count == 1 ? "1 point" : "\(count) points" }

    /// `line:column`.
    static func place(_ at: (line: Int, column: Int)) -> String { "\(at.line):\(at.column)" }
}
