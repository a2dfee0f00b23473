public import LocSimCanonicalJSON

/// The values of plug-in options (``PluginOption``) one run was given, keyed by their
/// `scenario.json` key: what ``ReplaySettings/pluginOptions`` holds, and what a plug-in's
/// `configured(with:)` reads. A value equal to its option's default is not stored, so settings
/// that state a default (`scenario new` writes every key) equal settings that leave it out.
public struct PluginOptionValues: Sendable, Hashable {
    private var values: [String: JSONValue] = [:]

    /// No values: every option at its default.
    public init() {}

    /// The value of `option`: the one set, else its default.
    public subscript(option: PluginOption) -> JSONValue { values[option.key] ?? option.defaultValue }

    /// The value stored under `key`, or `fallback` (the option's default); setting `fallback`
    /// removes the stored value.
    public subscript(key: String, default fallback: JSONValue) -> JSONValue {
        get { values[key] ?? fallback }
        set { values[key] = newValue == fallback ? nil : newValue }
    }

    /// The value of `option` as typed on the command line (`closest`): the one set, else its default.
    public func text(of option: PluginOption) -> String { option.text(of: self[option]) }

    /// The keys of the values that differ from their defaults, sorted.
    public var keys: [String] { values.keys.sorted() }
}
