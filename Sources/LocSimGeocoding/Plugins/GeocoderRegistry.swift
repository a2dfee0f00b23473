public import LocSimHTTPRecording
public import LocSimPluginOptions
public import LocSimSupport

/// The reverse geocoders a run can name, by ``GeocoderPlugin/name``: how `--geocoder` and
/// `scenario.json`'s `geocoder.kind` are resolved. Start from ``builtIn`` and register your own:
///
/// ```swift
/// var app = ReplayApp()
/// try app.geocoders.register(MyGeocoderPlugin())
/// ```
public struct GeocoderRegistry: Sendable {
    private var plugins = PluginList<any GeocoderPlugin, GeocoderName>(name: \.name, options: \.options)

    /// An empty registry.
    public init() {}

    /// The built-in geocoders, in `--help` order: the one list of them (a line per plug-in).
    public static let builtIn: GeocoderRegistry = {
        var registry = GeocoderRegistry()
        for plugin: any GeocoderPlugin in [OfflineGeocoderPlugin(), NominatimGeocoderPlugin(), NoGeocoderPlugin()] {
            // The built-in names are distinct, so this only ever adds.
            registry.replace(plugin)
        }
        return registry
    }()

    /// Adds `plugin` under its name.
    ///
    /// - Throws: ``GeocoderRegistryError/duplicate(_:)`` when the name is taken (use
    ///   ``replace(_:)`` to swap a built-in for your own); ``GeocoderRegistryError/optionClash(_:_:)``
    ///   when one of its options has another registered geocoder's flag or key.
    public mutating func register(_ plugin: any GeocoderPlugin) throws(GeocoderRegistryError) {
        try plugins.add(plugin, refusing: GeocoderRegistryError.self)
    }

    /// Puts `plugin` in place of the one registered under its name, or adds it.
    public mutating func replace(_ plugin: any GeocoderPlugin) { plugins.replace(plugin) }

    /// The geocoder registered under `name`.
    public subscript(name: GeocoderName) -> (any GeocoderPlugin)? { plugins[name] }

    /// Every registered name, in registration order.
    public var names: [GeocoderName] { plugins.names }

    /// Every endpoint the registered geocoders declare, in registration order.
    public var endpoints: [EndpointDeclaration] { plugins.all.flatMap(\.endpoints) }

    /// Every secret the registered geocoders declare.
    public var secrets: [SecretDeclaration] { plugins.all.flatMap(\.secrets) }

    /// The geocoder registered under `name`.
    ///
    /// - Throws: ``GeocoderRegistryError/unknown(_:candidates:)`` with every registered name, for
    ///   "Did you mean".
    public func resolve(_ name: GeocoderName) throws(GeocoderRegistryError) -> any GeocoderPlugin {
        guard let plugin = self[name] else { throw .unknown(name, candidates: names) }
        return plugin
    }
}

/// A geocoder that cannot be registered or named.
public enum GeocoderRegistryError: Error, Sendable, Hashable, CustomStringConvertible, PluginRefusal {
    /// A geocoder is already registered under this name.
    case duplicate(GeocoderName)
    /// One of the geocoder's options has another registered geocoder's flag or key.
    case optionClash(GeocoderName, String)
    /// No geocoder is registered under this name; `candidates` are the registered names.
    case unknown(GeocoderName, candidates: [GeocoderName])

    public var description: String {
        switch self {
        case .duplicate(let name):
            "a geocoder named '\(name)' is already registered; pick another name or use replace(_:)"
        case .optionClash(let name, let clash):
            "geocoder '\(name)' declares an option that clashes with another geocoder's: \(clash)"
        case .unknown(let name, let candidates):
            "unknown geocoder '\(name)'; expected \(ListText.joined(candidates.map(\.rawValue)))"
        }
    }
}
