import LocSimGeocoding
import LocSimHTTPRecording
public import LocSimPluginOptions
import LocSimPush
public import LocSimSettings
import LocSimSupport
import LocSimWeather

extension ReplayApp {
    /// What the settings table needs from the app's registries: the providers', geocoders' and
    /// push sinks' names, their endpoint keys, the push sinks' phrases and every plug-in's
    /// options, in registration order (an option key declared twice is listed once).
    public var pluginCatalog: PluginCatalog {
        var seen: Set<String> = []
        func unique(_ options: [PluginOption]) -> [PluginOption] {
            options.filter { seen.insert($0.key).inserted }
        }
        let providerOptions = unique(providers.names.compactMap { providers[$0] }.flatMap(\.options))
        let geocoderOptions = unique(geocoders.names.compactMap { geocoders[$0] }.flatMap(\.options))
        let pushSinkOptions = unique(pushSinks.names.compactMap { pushSinks[$0] }.flatMap(\.options))
        return PluginCatalog(
            providers: providers.names.map(\.rawValue), geocoders: geocoders.names.map(\.rawValue),
            unthrottledGeocoders: geocoders.names.filter {
                $0 != .none && geocoders[$0]?.defaultLimit == nil
            }.map(\.rawValue),
            pushSinks: pushSinks.names.compactMap { pushSinks[$0] }.map {
                PluginCatalog.PushSink(name: $0.name.rawValue, phrase: $0.destination)
            },
            endpointKeys: endpoints.keys.map(\.rawValue), providerOptions: providerOptions,
            geocoderOptions: geocoderOptions,
            pushSinkOptions: pushSinkOptions)
    }

    /// Every replay setting of this app, in `--help` order: the one table its command-line
    /// options, `scenario.json` reader and writer are generated from (``ReplaySettingSpec/table(for:)``
    /// over ``pluginCatalog``).
    ///
    /// Built once per app value and kept (a copy shares it) until ``providers``, ``geocoders``
    /// or ``pushSinks`` change.
    public var settingsTable: [ReplaySettingSpec] { table.table { ReplaySettingSpec.table(for: pluginCatalog) } }

    /// How many times this app's ``settingsTable`` has been built (for the test that a run builds it once).
    package var settingsTableBuilds: Int { table.builds }
}
