import LocSimSupport

/// "Did you mean …?" for mistyped keys, values and scenario names: the package's one edit
/// distance (``Swift/String/closest(among:maximumDistance:editsPerCharacters:ignoringCase:)``)
/// with the harness's tolerance — case ignored, two edits, or one per three characters of a long
/// name.
enum Suggestion {
    /// The candidate closest to `word`, or `nil` when none is a plausible typo; ties go to the
    /// earlier candidate.
    static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        word.closest(among: candidates, editsPerCharacters: 3, ignoringCase: true)
    }
}
