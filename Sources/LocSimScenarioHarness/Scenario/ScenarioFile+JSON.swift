public import LocSimCanonicalJSON
public import LocSimSettings

extension ScenarioFile {
    /// The file as JSON: only the settings it states, so `parse(json.pretty())` gives the same
    /// value back. Settings no plug-in declares (``ReplaySettingSpec/all``): see ``json(settings:)``.
    public var json: JSONValue { json(settings: ReplaySettingSpec.all) }

    /// The file as JSON, the settings it states written with `table` (the run's app's
    /// `ReplayApp.settingsTable`, with its plug-ins' options).
    public func json(settings table: [ReplaySettingSpec]) -> JSONValue {
        var members: [String: JSONValue] = ["version": .int(version), "track": .string(track)]
        if let description { members["description"] = .string(description) }
        for spec in table {
            guard let key = spec.key, statedKeys.contains(key) else { continue }
            let parts = key.split(separator: ".").map(String.init)
            if parts.count == 1 {
                members[key] = spec.json(of: settings)
            } else if case .object(var object)? = members[parts[0]] ?? .object([:]) {
                object[parts[1]] = spec.json(of: settings)
                members[parts[0]] = .object(object)
            }
        }
        return .object(members)
    }

    /// The file's text as written to disk: pretty JSON with sorted keys and a final newline.
    public var text: String { text(settings: ReplaySettingSpec.all) }

    /// ``text``, the settings written with `table` (see ``json(settings:)``).
    public func text(settings table: [ReplaySettingSpec]) -> String { json(settings: table).pretty() + "\n" }
}
