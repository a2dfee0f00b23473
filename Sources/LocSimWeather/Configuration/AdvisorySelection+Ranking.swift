extension AdvisorySelection {
    /// The advisories this rule selects from `advisories`, in the provider's order; `most-severe`
    /// ranks them with `rank` (the provider's ``WeatherProvider/severityRank(of:)``).
    public func select(_ advisories: [Advisory], rank: (Advisory) -> [Int] = AdvisorySelection.rank) -> [Advisory] {
        switch self {
        case .last:
            return advisories.last.map { [$0] } ?? []
        case .all:
            return advisories
        case .mostSevere:
            var best: Advisory?
            for advisory in advisories
            where best == nil
                || !rank(advisory).lexicographicallyPrecedes(rank(best!))
            {
                best = advisory
            }
            return best.map { [$0] } ?? []
        }
    }

    /// The ranking `most-severe` uses, compared in order, largest first:
    ///
    /// - Xweather (a `priority`): emergency first, then the lowest `priority`;
    /// - CAP alerts (an `urgency`: NWS, WeatherKit): severity, then urgency (Immediate 4 >
    ///   Expected 3 > Future 2 > Past 1 > Unknown, absent or a value CAP does not define 0), then
    ///   significance;
    /// - others (Aeris, One Call): significance, then severity, where
    /// - significance: emergency (Aeris `emergency: true`, or "Emergency" in the name) 5 >
    ///   warning 4 > watch 3 > advisory 2 > statement 1 > anything else 0. Taken from the VTEC
    ///   significance letter of `type` (`W`, `A`, `Y`, `S`) when present, else from the name's
    ///   last matching word ("Lake Effect Snow Warning", "SPECIAL WEATHER STATEMENT").
    /// - severity (NWS only): Extreme 4 > Severe 3 > Moderate 2 > Minor 1 > Unknown or absent 0.
    public static func rank(_ advisory: Advisory) -> [Int] {
        if let priority = advisory.priority { return [advisory.emergency == true ? 1 : 0, -priority] }
        if advisory.urgency != nil {
            return [severity(advisory.severity), urgency(advisory.urgency), significance(advisory)]
        }
        return [significance(advisory), severity(advisory.severity)]
    }

    static func urgency(_ text: String?) -> Int {
        switch text?.lowercased() {
        case "immediate": return 4
        case "expected": return 3
        case "future": return 2
        case "past": return 1
        default: return 0
        }
    }

    static func significance(_ advisory: Advisory) -> Int {
        let name = advisory.name.lowercased()
        if advisory.emergency == true || name.contains("emergency") { return 5 }
        if let type = advisory.type, let dot = type.lastIndex(of: "."), type.index(after: dot) < type.endIndex {
            switch type[type.index(after: dot)...].uppercased() {
            case "W": return 4
            case "A": return 3
            case "Y": return 2
            case "S": return 1
            default: break
            }
        }
        if name.contains("warning") { return 4 }
        if name.contains("watch") { return 3 }
        if name.contains("advisory") { return 2 }
        if name.contains("statement") { return 1 }
        return 0
    }

    static func severity(_ text: String?) -> Int {
        switch text?.lowercased() {
        case "extreme": return 4
        case "severe": return 3
        case "moderate": return 2
        case "minor": return 1
        default: return 0
        }
    }
}
