public import LocSimHTTPRecording
public import LocSimPluginOptions
public import LocSimSupport

/// The weather providers a run can name, by ``WeatherProvider/name``: how `--providers` and
/// `scenario.json`'s `providers` are resolved. Start from ``builtIn`` and register your own:
///
/// ```swift
/// var registry = ProviderRegistry.builtIn
/// try registry.register(MyAlerts())
/// ```
public struct ProviderRegistry: Sendable {
    private var providers = PluginList<any WeatherProvider, ProviderName>(name: \.name, options: \.options)

    /// An empty registry.
    public init() {}

    /// The built-in providers, in documentation order: the one list of them (a line per provider).
    public static let builtIn: ProviderRegistry = {
        var registry = ProviderRegistry()
        for provider: any WeatherProvider in [
            AerisProvider(), XweatherProvider(), NWSProvider(), NWSZoneProvider(),
            OpenWeatherMapUmbrellaProvider(), OpenWeatherMapConditionsProvider(), OpenWeatherMapForecastProvider(),
            OneCallProvider(), WeatherKitProvider(), GoogleLegacyProvider(),
        ] {
            // The built-in names are distinct, so this only ever adds.
            registry.replace(provider)
        }
        return registry
    }()

    /// Adds `provider` under its name.
    ///
    /// - Throws: ``ProviderRegistryError/duplicate(_:)`` when the name is taken (use
    ///   ``replace(_:)`` to swap a built-in for your own); ``ProviderRegistryError/malformed(_:)``
    ///   when its name or one of its endpoint keys is not well formed (`"My_Alerts"`);
    ///   ``ProviderRegistryError/optionClash(_:_:)`` when one of its options has another
    ///   registered provider's flag or key (``PluginOption/firstClash(of:with:)``).
    public mutating func register(_ provider: any WeatherProvider) throws(ProviderRegistryError) {
        try Self.check(provider)
        try providers.add(provider, refusing: ProviderRegistryError.self)
    }

    /// Puts `provider` in place of the one registered under its name, or adds it. A name that
    /// is not well formed is refused when a run resolves it (``resolve(_:option:)``).
    public mutating func replace(_ provider: any WeatherProvider) { providers.replace(provider) }

    /// Refuses a provider whose name or endpoint keys are not well formed.
    private static func check(_ provider: any WeatherProvider) throws(ProviderRegistryError) {
        if let error = malformedName(of: provider) { throw .malformed(error) }
    }

    /// What is wrong with `provider`'s name or its first malformed endpoint key, if anything.
    private static func malformedName(of provider: any WeatherProvider) -> OpenNameError? {
        do throws(OpenNameError) {
            _ = try provider.name.validated()
            for endpoint in provider.endpoints { _ = try endpoint.key.validated() }
            return nil
        } catch {
            return error
        }
    }

    /// The provider registered under `name`.
    public subscript(name: ProviderName) -> (any WeatherProvider)? { providers[name] }

    /// Every registered name, in registration order.
    public var names: [ProviderName] { providers.names }

    /// Every endpoint the registered providers declare, in registration order.
    public var endpoints: [EndpointDeclaration] { providers.all.flatMap(\.endpoints) }

    /// Every secret the registered providers declare.
    public var secrets: [SecretDeclaration] { providers.all.flatMap(\.secrets) }

    /// The providers `names` name, in that order.
    ///
    /// - Throws: ``WeatherConfigurationError`` naming the first unknown or repeated name, with
    ///   every registered name as a candidate for "Did you mean".
    public func resolve(
        _ names: [ProviderName], option: String = "--providers"
    ) throws(WeatherConfigurationError)
        -> [any WeatherProvider]
    {
        var result: [any WeatherProvider] = []
        let valid = self.names.map(\.rawValue) + ["none"]
        for name in names {
            guard name.isWellFormed else {
                throw WeatherConfigurationError(
                    option: option, value: name.rawValue, validValues: valid,
                    message: OpenNameError(text: name.rawValue, noun: ProviderNameKind.noun).description)
            }
            guard let provider = self[name] else {
                throw WeatherConfigurationError(
                    option: option, value: name.rawValue, validValues: valid,
                    message: "unknown provider '\(name)'; expected \(ListText.joined(valid))")
            }
            if let error = Self.malformedName(of: provider) {
                throw WeatherConfigurationError(
                    option: option, value: name.rawValue, validValues: valid, message: error.description)
            }
            if result.contains(where: { $0.name == name }) {
                throw WeatherConfigurationError(
                    option: option, value: name.rawValue, validValues: valid,
                    message: "provider '\(name)' is listed twice")
            }
            result.append(provider)
        }
        return result
    }

    /// Parses a `--providers` value: a comma list of registered names (order kept: it is the
    /// order in which providers answer), or `none`. Blanks around items are ignored; an unknown
    /// name, an empty item, a name listed twice or `none` mixed with names is an error naming
    /// the item.
    public func parseList(_ text: String) throws(WeatherConfigurationError) -> [ProviderName] {
        let valid = names.map(\.rawValue) + ["none"]
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingBlanks()
        }
        if items == ["none"] { return [] }
        var result: [ProviderName] = []
        for item in items {
            if item.isEmpty {
                throw WeatherConfigurationError(
                    option: "--providers", value: item, validValues: valid,
                    message: "empty provider name in '\(text)'; expected a comma list of \(ListText.joined(valid))")
            }
            if item == "none" {
                throw WeatherConfigurationError(
                    option: "--providers", value: item, validValues: valid,
                    message: "'none' cannot be combined with other providers")
            }
            guard let name = ProviderName(rawValue: item), self[name] != nil else {
                throw WeatherConfigurationError(
                    option: "--providers", value: item, validValues: valid,
                    message: "unknown provider '\(item)'; expected \(ListText.joined(valid))")
            }
            result.append(name)
        }
        _ = try resolve(result)
        return result
    }
}

/// A provider that cannot be registered.
public enum ProviderRegistryError: Error, Sendable, Hashable, CustomStringConvertible, PluginRefusal {
    /// A provider is already registered under this name.
    case duplicate(ProviderName)
    /// The provider's name or one of its endpoint keys is not well formed.
    case malformed(OpenNameError)
    /// One of the provider's options has another registered provider's flag or key.
    case optionClash(ProviderName, String)

    public var description: String {
        switch self {
        case .duplicate(let name):
            "a provider named '\(name)' is already registered; pick another name or use replace(_:)"
        case .malformed(let error):
            error.description
        case .optionClash(let name, let clash):
            "provider '\(name)' declares an option that clashes with another provider's: \(clash)"
        }
    }
}
