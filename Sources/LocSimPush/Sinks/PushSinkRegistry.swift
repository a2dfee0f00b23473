public import LocSimHTTPRecording
public import LocSimPluginOptions
public import LocSimSupport

/// The push sinks a run can name, by ``PushSinkPlugin/name``: how `--push-endpoint NAME[=URL]`
/// and `scenario.json`'s `push.endpoint` are resolved. Start from ``builtIn`` and register your own:
///
/// ```swift
/// var app = ReplayApp()
/// try app.pushSinks.register(MyPushSinkPlugin())
/// ```
public struct PushSinkRegistry: Sendable {
    private var plugins = PluginList<any PushSinkPlugin, PushSinkName>(name: \.name, options: \.options)

    /// An empty registry.
    public init() {}

    /// The built-in sinks, in `--help` order: the one list of them (a line per plug-in).
    public static let builtIn: PushSinkRegistry = {
        var registry = PushSinkRegistry()
        for plugin: any PushSinkPlugin in [ParsePushSinkPlugin(), APNsPushSinkPlugin()] {
            // The built-in names are distinct, so this only ever adds.
            registry.replace(plugin)
        }
        return registry
    }()

    /// Adds `plugin` under its name.
    ///
    /// - Throws: ``PushSinkRegistryError/duplicate(_:)`` when the name is taken (use
    ///   ``replace(_:)`` to swap a built-in for your own); ``PushSinkRegistryError/optionClash(_:_:)``
    ///   when one of its options has another registered push sink's flag or key.
    public mutating func register(_ plugin: any PushSinkPlugin) throws(PushSinkRegistryError) {
        try plugins.add(plugin, refusing: PushSinkRegistryError.self)
    }

    /// Puts `plugin` in place of the one registered under its name, or adds it.
    public mutating func replace(_ plugin: any PushSinkPlugin) { plugins.replace(plugin) }

    /// The sink registered under `name`.
    public subscript(name: PushSinkName) -> (any PushSinkPlugin)? { plugins[name] }

    /// Every registered name, in registration order.
    public var names: [PushSinkName] { plugins.names }

    /// Every endpoint the registered sinks declare, in registration order.
    public var endpoints: [EndpointDeclaration] { plugins.all.map(\.endpoint) }

    /// Every secret the registered sinks declare.
    public var secrets: [SecretDeclaration] { plugins.all.flatMap(\.secrets) }

    /// The spellings `--push-endpoint` accepts, for messages: `parse`, `parse=URL`, ….
    public var spellings: [String] { names.flatMap { [$0.rawValue, $0.rawValue + "=URL"] } }

    /// Resolves a `--push-endpoint` value: `NAME=URL`, or `NAME` alone for the sink's endpoint in
    /// `endpoints` (its default unless `--base-url NAME=…` overrides it). The sink's plug-in is
    /// `configured(with: options)` first.
    ///
    /// - Throws: ``PushEndpointError`` for an unknown name (every spelling listed), a sink that
    ///   needs `--bundle-id` without one, or a bad URL.
    public func resolve(
        _ argument: String, endpoints: Endpoints, credentials: Credentials, bundleID: String?,
        options: PluginOptionValues = PluginOptionValues()
    ) throws(PushEndpointError) -> PushSinkSelection {
        let name = argument.prefix { $0 != "=" }
        guard let key = PushSinkName(rawValue: String(name)), let plugin = self[key]?.configured(with: options) else {
            throw PushEndpointError(
                value: String(name), reason: "unknown push endpoint '\(name)'; expected \(ListText.joined(spellings))")
        }
        if plugin.needsBundleID, bundleID?.isEmpty ?? true {
            throw PushEndpointError(
                value: argument, reason: "'--push-endpoint \(name)' needs '--bundle-id' (the apns-topic)")
        }
        let declaration = plugin.endpoint
        var baseURL = endpoints[declaration.key] ?? declaration.defaultBaseURL
        if name.count < argument.count {
            do {
                (_, baseURL) = try Endpoints([declaration]).parse(argument: argument)
            } catch {
                throw PushEndpointError(value: String(argument.dropFirst(name.count + 1)), reason: error.description)
            }
        }
        return PushSinkSelection(
            plugin: plugin, sink: plugin.makeSink(baseURL: baseURL, credentials: credentials, bundleID: bundleID))
    }
}

/// The sink `--push-endpoint` named: its plug-in (endpoint, secrets) and the sink made for the run.
public struct PushSinkSelection: Sendable {
    public var plugin: any PushSinkPlugin
    public var sink: any PushSink

    public init(plugin: any PushSinkPlugin, sink: any PushSink) {
        self.plugin = plugin
        self.sink = sink
    }
}

/// A push sink that cannot be registered.
public enum PushSinkRegistryError: Error, Sendable, Hashable, CustomStringConvertible, PluginRefusal {
    /// A sink is already registered under this name.
    case duplicate(PushSinkName)
    /// One of the push sink's options has another registered push sink's flag or key.
    case optionClash(PushSinkName, String)

    public var description: String {
        switch self {
        case .duplicate(let name):
            "a push endpoint named '\(name)' is already registered; pick another name or use replace(_:)"
        case .optionClash(let name, let clash):
            "push sink '\(name)' declares an option that clashes with another push sink's: \(clash)"
        }
    }
}
