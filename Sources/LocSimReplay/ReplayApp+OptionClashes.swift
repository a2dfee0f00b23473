import LocSimGeocoding
import LocSimPluginOptions
import LocSimPush
import LocSimSettings
import LocSimWeather

/// A plug-in option the app's settings table cannot list: its flag or `scenario.json` key is
/// a built-in setting's or another plug-in's option's, or its key is not one or two parts.
public struct PluginOptionClash: Error, Sendable, Hashable, CustomStringConvertible {
    /// The plug-in that declares the option (`provider 'my-alerts'`).
    public var plugin: String
    /// The option's flag or key, as written (`--seed`, `scenario.json` key 'engine.seed').
    public var option: String
    /// What it clashes with (`the built-in setting --seed`), or why the key is refused.
    public var conflict: String

    public init(plugin: String, option: String, conflict: String) {
        self.plugin = plugin
        self.option = option
        self.conflict = conflict
    }

    public var description: String { "\(plugin) declares the option \(option), which \(conflict)" }
}

extension ReplayApp {
    /// The plug-in options of the app's registries that cannot be listed in its settings table
    /// (``settingsTable``), in registration order: a flag or key equal to a built-in setting's
    /// (``ReplaySettingSpec/all``) or to another plug-in's option's, a key inside (or around) a
    /// built-in key (`engine` or `engine.noise.x`), or a key that is not one or two non-empty
    /// parts. One option declared by several plug-ins (the same flag and key) is not a clash.
    public var pluginOptionClashes: [PluginOptionClash] {
        // Each flag and key seen so far: its owner, the key or flag it goes with, whether built-in.
        var flags: [String: (owner: String, key: String, builtIn: Bool)] = [:]
        var keys: [String: (owner: String, flag: String, builtIn: Bool)] = [:]
        for spec in ReplaySettingSpec.all {
            let flag = spec.commandLine.name
            let owner = "the built-in setting " + (flag ?? "'\(spec.key ?? "")'")
            if let flag { flags[flag] = (owner, spec.key ?? "", true) }
            if let key = spec.key { keys[key] = (owner, flag ?? "", true) }
        }
        var clashes: [PluginOptionClash] = []
        for (plugin, option) in declaredOptions {
            func clash(_ text: String, _ conflict: String) {
                clashes.append(PluginOptionClash(plugin: plugin, option: text, conflict: conflict))
            }
            let keyText = "scenario.json key '\(option.key)'"
            if let other = flags[option.flag], other.builtIn || other.key != option.key {
                clash(option.flag, "is \(other.owner)'s flag")
            }
            if let other = keys[option.key], other.builtIn || other.flag != option.flag {
                clash(keyText, "is \(other.owner)'s key")
            }
            let parts = option.key.split(separator: ".", omittingEmptySubsequences: false)
            if !(1...2).contains(parts.count) || parts.contains(where: \.isEmpty) {
                clash(keyText, "is not one or two non-empty parts ('myAlerts.units')")
            } else if ["version", "track", "description"].contains(String(parts[0])) {
                clash(keyText, "is inside the scenario file's own key '\(parts[0])'")
            } else if let outer = keys.keys.sorted().first(where: { Self.nests(option.key, $0) }) {
                clash(keyText, "nests with the key '\(outer)' of \(keys[outer]?.owner ?? "")")
            }
            flags[option.flag] = flags[option.flag] ?? (plugin, option.key, false)
            keys[option.key] = keys[option.key] ?? (plugin, option.flag, false)
        }
        return clashes
    }

    /// Throws the first of ``pluginOptionClashes``, if any.
    public func checkPluginOptions() throws(PluginOptionClash) {
        if let clash = pluginOptionClashes.first { throw clash }
    }

    /// Every option the registries' plug-ins declare, each with its plug-in, in registration order.
    private var declaredOptions: [(plugin: String, option: PluginOption)] {
        let fromProviders = providers.names.compactMap { providers[$0] }.flatMap { provider in
            provider.options.map { ("provider '\(provider.name)'", $0) }
        }
        let fromGeocoders = geocoders.names.compactMap { geocoders[$0] }.flatMap { geocoder in
            geocoder.options.map { ("geocoder '\(geocoder.name)'", $0) }
        }
        let fromPushSinks = pushSinks.names.compactMap { pushSinks[$0] }.flatMap { sink in
            sink.options.map { ("push sink '\(sink.name)'", $0) }
        }
        return fromProviders + fromGeocoders + fromPushSinks
    }

    /// Whether one key is a strict prefix path of the other (`engine` and `engine.noise`).
    private static func nests(_ key: String, _ other: String) -> Bool {
        key.hasPrefix(other + ".") || other.hasPrefix(key + ".")
    }
}

extension ReplaySettingSpec.CommandLine {
    /// The option's or flag's name (`--seed`), or `nil` when not on the command line.
    fileprivate var name: String? {
        switch self {
        case .option(let name, _, _), .flag(let name, _): name
        case .none: nil
        }
    }
}
