import LocSimSupport

/// The advisories already posted in a run, so the same advisory is not pushed twice for a place.
///
/// Two advisories are the same when provider, place label, `type`, `name`, `expires` and `id` are
/// all equal: an advisory re-issued with a new expiry or id (an NWS update) counts as new.
package struct AdvisoryLedger: Sendable, Hashable {
    private var seen: Set<[String]> = []

    public init() {}

    /// Records `advisory` for `location`; `true` when it was not recorded before.
    public mutating func admit(_ advisory: Advisory, location: String) -> Bool {
        seen.insert(AdvisoryLedger.key(advisory, location: location)).inserted
    }

    /// Whether `advisory` was already recorded for `location`.
    public func contains(_ advisory: Advisory, location: String) -> Bool {
        seen.contains(AdvisoryLedger.key(advisory, location: location))
    }

    /// How many distinct advisories were recorded.
    public var count: Int { seen.count }

    static func key(_ advisory: Advisory, location: String) -> [String] {
        [
            advisory.provider.rawValue, location, advisory.type ?? "", advisory.name, advisory.expires ?? "",
            advisory.id ?? "",
        ]
    }
}
