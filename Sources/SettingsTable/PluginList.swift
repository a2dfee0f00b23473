/// The plug-ins of one registry (providers, geocoders, push sinks), in registration order, keyed
/// by name: the storage, registration rules and lookup the three registries share. Each registry
/// wraps one and maps ``Refusal`` to its own public error.
package struct PluginList<Plugin: Sendable, Name: Hashable & Sendable>: Sendable {
    /// Why ``add(_:)`` refused a plug-in.
    package enum Refusal: Error {
        /// A plug-in is already registered under this name.
        case duplicate(Name)
        /// One of the plug-in's options has another registered plug-in's flag or key
        /// (``PluginOption/firstClash(of:with:)``).
        case optionClash(Name, String)
    }

    /// Every plug-in, in registration order.
    package private(set) var all: [Plugin] = []
    private let nameOf: @Sendable (Plugin) -> Name
    private let optionsOf: @Sendable (Plugin) -> [PluginOption]

    /// An empty list naming plug-ins by `name` and reading their declared `options`.
    package init(name: @escaping @Sendable (Plugin) -> Name, options: @escaping @Sendable (Plugin) -> [PluginOption]) {
        nameOf = name
        optionsOf = options
    }

    /// Adds `plugin`, refusing a taken name or an option clashing with another plug-in's.
    package mutating func add(_ plugin: Plugin) throws(Refusal) {
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
