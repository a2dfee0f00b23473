import LocSimSupport

/// The secret values a ``Redactor`` knows: those of the environment, and those it learned by
/// name during the run (a value sent in a secret header, query parameter or body field). Shared
/// by every copy of the redactor, so a value learned from a request is redacted in its response,
/// in later interactions, in the leak check before writing and in what is printed.
///
/// A value is learned only when it has at least ``Redactor/safeLength`` characters: a shorter
/// one could be a word or a piece of syntax, so it is replaced where its name says it is a
/// secret and nowhere else. Placeholders and values the environment already holds are not learned.
///
/// At most ``maxLearned`` values are learned in a run: every string redacted is searched for every
/// value known, so a client sending a new `client_id` with every request to `locsim serve` made
/// each request slower than the last until none was answered. A run's real secrets are the
/// environment's (always known) and the few values its app sends again and again (learned at
/// their first request); later values are still replaced where their name says they are secret.
final class SecretBook: Sendable {
    /// The most values learned in one run.
    static let maxLearned = 256

    private struct State {
        /// Variable (or placeholder name) and value, longest value first.
        var secrets: [(variable: String, value: String)]
        var filter: NeedleFilter
        var learned: Int
    }

    private let state: Locked<State>

    /// A book holding `environment`'s secrets (variable and value).
    init(environment secrets: [(variable: String, value: String)]) {
        let sorted = SecretBook.sorted(secrets)
        state = Locked(State(secrets: sorted, filter: SecretBook.filter(sorted), learned: 0))
    }

    /// Every secret, longest value first (so a value inside a longer one is replaced after it).
    var secrets: [(variable: String, value: String)] { state.withLock { $0.secrets } }

    /// The filter over every secret's spellings (``NeedleFilter``).
    var filter: NeedleFilter { state.withLock { $0.filter } }

    /// Whether a value was learned during the run.
    var hasLearned: Bool { state.withLock { $0.learned > 0 } }

    /// Strings found free of every secret known when they were checked (by hash and length), so
    /// a session that writes its whole cassette after each interaction checks each string once
    /// while it learns nothing new: what it learns empties the set.
    private let clean = Locked<(secrets: Int, keys: Set<CleanKey>)>((0, []))

    private struct CleanKey: Hashable {
        let hash: Int
        let count: Int
    }

    /// Whether `text` was found clean of the `secrets` secrets known now.
    func isKnownClean(_ text: String, secrets: Int) -> Bool {
        let key = CleanKey(hash: text.hashValue, count: text.utf8.count)
        return clean.withLock { $0.secrets == secrets && $0.keys.contains(key) }
    }

    /// Remembers that `text` holds none of the `secrets` secrets known now.
    func rememberClean(_ text: String, secrets: Int) {
        let key = CleanKey(hash: text.hashValue, count: text.utf8.count)
        clean.withLock { state in
            if state.secrets != secrets { state = (secrets, []) }
            state.keys.insert(key)
        }
    }

    /// Learns `value` as a secret replaced by `<variable>`, unless it is shorter than
    /// ``Redactor/safeLength``, holds a placeholder or is known already.
    func learn(_ value: String, as variable: String) {
        guard value.count >= Redactor.safeLength, !SecretBook.holdsPlaceholder(value) else { return }
        state.withLock { state in
            guard state.learned < SecretBook.maxLearned, !state.secrets.contains(where: { $0.value == value }) else {
                return
            }
            state.secrets = SecretBook.sorted(state.secrets + [(variable, value)])
            state.filter = SecretBook.filter(state.secrets)
            state.learned += 1
        }
    }

    /// Whether `value` holds a placeholder (`<NAME>`) anywhere: it was redacted already.
    static func holdsPlaceholder(_ value: String) -> Bool {
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: ">") else { return false }
            if RequestSignature.isPlaceholder(String(rest[open...close])) { return true }
            rest = after
        }
        return false
    }

    private static func sorted(_ secrets: [(variable: String, value: String)]) -> [(variable: String, value: String)] {
        secrets.sorted { ($0.value.count, $0.variable, $0.value) > ($1.value.count, $1.variable, $1.value) }
    }

    private static func filter(_ secrets: [(variable: String, value: String)]) -> NeedleFilter {
        NeedleFilter(
            needles: secrets.flatMap { [Array($0.value.utf8)] + Redactor.encodedNeedles(of: $0.value).map(\.bytes) })
    }
}
