import Foundation

extension ISO8601Timestamp {
    /// `recordedAt` for a new interaction, the one calendar clock recordings read:
    /// `SOURCE_DATE_EPOCH` (seconds since 1970, the reproducible-builds convention) when set in
    /// `environment`, else the wall clock, in whole seconds.
    package static func recordedAt(environment: [String: String]) -> String {
        if let epoch = environment["SOURCE_DATE_EPOCH"].flatMap(Int.init), epoch >= 0 {
            return format(epochSeconds: Double(epoch)) ?? ""
        }
        return format(epochSeconds: Date().timeIntervalSince1970.rounded(.down)) ?? ""
    }
}
