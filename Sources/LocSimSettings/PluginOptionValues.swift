public import CanonicalJSON

/// The values of plug-in options (``PluginOption``) one run was given, keyed by their
/// `scenario.json` key: what ``ReplaySettings/pluginOptions`` holds, and what a plug-in's
/// `configured(with:)` reads. Only values that were set are stored.
public struct PluginOptionValues: Sendable, Hashable {
    private var values: [String: JSONValue] = [:]

    /// No values: every option at its default.
    public init() {}

    /// The value set for `option`, or `nil` when it was not set.
    public subscript(option: PluginOption) -> JSONValue? { values[option.key] }

    /// The value set under `key`, or `fallback`; setting stores it.
    public subscript(key: String, default fallback: JSONValue) -> JSONValue {
        get { values[key] ?? fallback }
        set { values[key] = newValue }
    }

    /// The value of `option` as typed on the command line (`closest`), or `nil` when it was not set.
    public func text(of option: PluginOption) -> String? { self[option].map(option.text(of:)) }

    /// The keys of the values that were set, sorted.
    public var keys: [String] { values.keys.sorted() }
}
