public import CanonicalJSON
import LocSimSettings

extension ScenarioFile {
    /// The file as JSON: only the settings it states, so `parse(json.pretty())` gives the same
    /// value back.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["version": .int(version), "track": .string(track)]
        if let description { members["description"] = .string(description) }
        for spec in ReplaySettingSpec.all {
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
    public var text: String { json.pretty() + "\n" }
}
