import LocSimSettings
import LocSimSupport

/// ``ReplayApp/settingsTable`` once built: shared by copies of the app, replaced (so built
/// again) when one of its registries changes.
final class SettingsTableCache: Sendable {
    private let state = Locked<(table: [ReplaySettingSpec]?, builds: Int)>((nil, 0))

    /// The table, built with `build` on first use.
    func table(_ build: () -> [ReplaySettingSpec]) -> [ReplaySettingSpec] {
        state.withLock { state in
            if let table = state.table { return table }
            let table = build()
            state = (table, state.builds + 1)
            return table
        }
    }

    /// How many times the table has been built (0 or 1).
    var builds: Int { state.withLock { $0.builds } }
}
