public import LocSimSettings

/// The contents of a `Recordings/<name>/scenario.json`: the documented, versioned settings of one
/// scenario (schema version 1; see docs/harness.md).
///
/// Besides ``version``, ``description`` and ``track``, the keys are the replay settings'
/// (`seed`, `engine.*`, `playback.*`, `geocoder.*`, `providers`, `advisory`, `push.enabled`,
/// `baseURLs`, and the options the app's plug-ins declare, such as `xweather.query`: the table
/// ``parse(_:file:settings:)`` is given), read straight into ``settings``: a key the file
/// leaves out keeps the `locsim replay` default. Read one with ``parse(_:file:settings:)``, which
/// validates strictly: unknown keys and bad values are errors naming the file and the key path.
public struct ScenarioFile: Sendable, Hashable {
    /// The schema version this build reads and writes.
    public static let currentVersion = 1

    /// Schema version; always ``currentVersion`` for a parsed file.
    public var version: Int
    /// Free text for people reading the folder.
    public var description: String?
    /// The GPX track, relative to the repository root (`Waypoints/franklin-la.gpx`).
    public var track: String
    /// The replay settings, defaults where the file says nothing.
    public var settings: ReplaySettings
    /// The setting key paths the file states (`engine.noise`): what ``json`` writes back.
    public var statedKeys: Set<String>

    /// A version-1 scenario for `track` with `settings`; `statedKeys` (default: none) are the
    /// settings its file states.
    public init(
        track: String, description: String? = nil, settings: ReplaySettings = ReplaySettings(),
        statedKeys: Set<String> = []
    ) {
        self.version = Self.currentVersion
        self.description = description
        self.track = track
        self.settings = settings
        self.statedKeys = statedKeys
    }

    /// Sets `keyPath` and states it, so ``json`` writes it.
    public mutating func set<Value>(_ keyPath: WritableKeyPath<ReplaySettings, Value>, _ value: Value, key: String) {
        settings[keyPath: keyPath] = value
        statedKeys.insert(key)
    }
}
