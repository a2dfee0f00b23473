import LocSimCanonicalJSON
public import LocSimLocationCore
public import LocSimPluginOptions

extension SettingCodec where Value == [DriveEvent] {
    /// `T=KIND` on the command line (repeatable, in order); an array of `{"t": seconds, "kind":
    /// name}` objects in a scenario, each problem pointing at the member at fault
    /// (``SettingProblem/keyPath``: `events[1].kind`).
    public static let events = SettingCodec<[DriveEvent]>(
        expected: "t=kind: seconds ≥ 0 and one of " + DriveEvent.Kind.names.joined(separator: ", "),
        parse: { DriveEvent(argument: $0).map { [$0] } },
        read: { json, path in
            guard case .array(let elements) = json else {
                return .failure(
                    SettingProblem(
                        "'\(path)' must be an array of {\"t\": seconds, \"kind\": name} objects, got \(describe(json))")
                )
            }
            var events: [DriveEvent] = []
            for (index, element) in elements.enumerated() {
                let at = "\(path)[\(index)]"
                switch event(element, at: at) {
                case .success(let event): events.append(event)
                case .failure(let problem): return .failure(problem)
                }
            }
            return .success(events)
        },
        write: { events in
            .array(events.map { .object(["t": .double($0.t), "kind": .string($0.kind.argument)]) })
        },
        text: { $0.map(\.argument).joined(separator: " ") })

    /// One element of `events`, at key path `at`.
    private static func event(_ json: JSONValue, at: String) -> Result<DriveEvent, SettingProblem> {
        guard case .object(let members) = json else {
            return .failure(
                SettingProblem(
                    "'\(at)' must be an object {\"t\": seconds, \"kind\": name}, got \(describe(json))", at: at))
        }
        for key in members.keys.sorted() where key != "t" && key != "kind" {
            return .failure(SettingProblem("unknown key '\(at).\(key)' (known keys: kind, t)", at: "\(at).\(key)"))
        }
        guard let t = members["t"] else {
            return .failure(SettingProblem("'\(at)' must have \"t\", the event's time in seconds", at: at))
        }
        guard case .number(let literal) = t, let seconds = Double(literal), seconds.isFinite, seconds >= 0 else {
            return .failure(
                SettingProblem("'\(at).t' must be a number of seconds ≥ 0, got \(describe(t))", at: "\(at).t"))
        }
        guard let kind = members["kind"] else {
            return .failure(SettingProblem("'\(at)' must have \"kind\", what happens", at: at))
        }
        let names = DriveEvent.Kind.names
        guard case .string(let text) = kind, let value = DriveEvent.Kind(argument: text) else {
            let given: String? = if case .string(let text) = kind { text } else { nil }
            return .failure(
                SettingProblem(
                    "unknown event kind \(describe(kind)) at '\(at).kind' (known kinds: \(names.joined(separator: ", ")))",
                    given: given, candidates: names, at: "\(at).kind"))
        }
        return .success(DriveEvent(t: seconds, kind: value))
    }
}
