public import LocSimCanonicalJSON

/// An option a plug-in (a weather provider, a geocoder, a push sink) declares about itself: its
/// command-line flag, its `scenario.json` key, its help line, its default and how its value is
/// read and written. The run's settings table lists it beside the built-in settings, so it is
/// parsed, reported ("Expected …", "Did you mean") and written like them; its value reaches the
/// plug-in through ``PluginOptionValues``.
///
/// ```swift
/// static let units = PluginOption(
///     flag: "--my-alerts-units", key: "myAlerts.units", valueName: "units",
///     help: "Units My Alerts answers in.", codec: .choice(expected: "metric or imperial"),
///     default: MyUnits.metric, choices: MyUnits.allCases.map(\.rawValue))
/// ```
public struct PluginOption: Sendable {
    /// The command-line option (`--xweather-query`).
    public let flag: String
    /// The `scenario.json` key path (`xweather.query`): at most two parts, like the built-ins'.
    public let key: String
    /// The value's name in `--help` (`--xweather-query <action>`).
    public let valueName: String
    /// The `--help` line.
    public let help: String
    /// The accepted values, when the value is one of a few (`--help` lists them).
    public let choices: [String]
    /// The value when neither the command line nor `scenario.json` sets it.
    public let defaultValue: JSONValue
    /// The value's codec, over its JSON form.
    package let codec: SettingCodec<JSONValue>

    /// An option whose values are `Value`s, read and written with `codec`.
    public init<Value>(
        flag: String, key: String, valueName: String, help: String, codec: SettingCodec<Value>, default: Value,
        choices: [String] = []
    ) {
        self.flag = flag
        self.key = key
        self.valueName = valueName
        self.help = help
        self.choices = choices
        self.defaultValue = codec.write(`default`)
        self.codec = SettingCodec<JSONValue>(
            expected: codec.expected, parse: { codec.parse($0).map(codec.write) },
            read: { json, path in codec.read(json, path).map(codec.write) }, write: { $0 },
            text: { json in (try? codec.read(json, "").get()).map(codec.text) ?? json.brief })
    }

    /// The value as typed on the command line (`closest`): what `--help` shows as the default.
    public func text(of value: JSONValue) -> String { codec.text(value) }
}

extension PluginOption {
    /// How the first of `options` clashes with `others` (the options a registry's plug-ins
    /// already declare), if it does: the same flag with another key, or the same key with another
    /// flag (`--units (key 'a.units') and --units (key 'b.units')`). One option declared alike by
    /// two plug-ins (the same flag and key) is not a clash. Registries refuse such a plug-in at
    /// `register`; the app's table checks the rest (built-in settings, other kinds of plug-in).
    public static func firstClash(of options: [PluginOption], with others: [PluginOption]) -> String? {
        for option in options {
            for other in others where (other.flag == option.flag) != (other.key == option.key) {
                return "\(option.flag) (key '\(option.key)') and \(other.flag) (key '\(other.key)')"
            }
        }
        return nil
    }
}
