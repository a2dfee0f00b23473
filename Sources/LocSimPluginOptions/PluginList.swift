/// The plug-ins of one registry (providers, geocoders, push sinks), in registration order, keyed
/// by name: the storage, registration rules and lookup the three registries share. Each registry
/// wraps one; its public error says why a plug-in was refused (``PluginRefusal``).
package struct PluginList<Plugin: Sendable, Name: Hashable & Sendable>: Sendable {
    /// Every plug-in, in registration order.
    package private(set) var all: [Plugin] = []
    private let nameOf: @Sendable (Plugin) -> Name
    private let optionsOf: @Sendable (Plugin) -> [PluginOption]

    /// An empty list naming plug-ins by `name` and reading their declared `options`.
    package init(name: @escaping @Sendable (Plugin) -> Name, options: @escaping @Sendable (Plugin) -> [PluginOption]) {
        nameOf = name
        optionsOf = options
    }

    /// Adds `plugin`, refusing a taken name or an option clashing with another plug-in's with the
    /// registry's own `Refusal`.
    package mutating func add<Refusal: PluginRefusal>(_ plugin: Plugin, refusing _: Refusal.Type) throws(Refusal)
    where Refusal.Name == Name {
        let name = nameOf(plugin)
        guard self[name] == nil else { throw .duplicate(name) }
        if let clash = PluginOption.firstClash(of: optionsOf(plugin), with: all.flatMap(optionsOf)) {
            throw .optionClash(name, clash)
        }
        all.append(plugin)
    }

    /// Puts `plugin` in place of the one registered under its name, or adds it.
    package mutating func replace(_ plugin: Plugin) {
        let name = nameOf(plugin)
        if let index = all.firstIndex(where: { nameOf($0) == name }) {
            all[index] = plugin
        } else {
            all.append(plugin)
        }
    }

    /// The plug-in registered under `name`.
    package subscript(name: Name) -> Plugin? { all.first { nameOf($0) == name } }

    /// Every registered name, in registration order.
    package var names: [Name] { all.map(nameOf) }
}

/// A registry's error for a plug-in it refuses; its enum cases `duplicate(Name)` and
/// `optionClash(Name, String)` are the requirements.
package protocol PluginRefusal: Error {
    associatedtype Name
    /// A plug-in is already registered under this name.
    static func duplicate(_ name: Name) -> Self
    /// One of the plug-in's options has another registered plug-in's flag or key
    /// (``PluginOption/firstClash(of:with:)``).
    static func optionClash(_ name: Name, _ clash: String) -> Self
}
