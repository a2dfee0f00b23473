import LocSimCanonicalJSON
import LocSimGPX
import LocSimGeocoding
import LocSimLocationCore
public import LocSimPluginOptions
import LocSimSimulation
import LocSimSupport
import LocSimWeather

extension ReplaySettingSpec {
    /// Every replay setting no plug-in declares, in `--help` order: engine, playback, geocoder,
    /// services. It knows no plug-in's name or option: a run reads and writes its settings with
    /// its app's table (``table(for:)``, `ReplayApp.settingsTable`).
    public static let all: [ReplaySettingSpec] = table(for: PluginCatalog())

    /// Every replay setting of an app whose plug-ins `catalog` describes, in `--help` order:
    /// engine, playback, geocoder, services, with the plug-ins' names in the help lines and
    /// their options beside the settings they go with.
    public static func table(for catalog: PluginCatalog) -> [ReplaySettingSpec] {
        engine + geocoding(for: catalog) + services(for: catalog) + live
    }

    /// The location engine's and playback's settings.
    public static let engine: [ReplaySettingSpec] = [
        ReplaySettingSpec(
            \.distanceFilter, .option("--distance-filter", valueName: "m|none"), key: "engine.distanceFilter",
            codec: .distanceFilter,
            help: "Metres the device must move from the previously delivered fix before the next is delivered."),
        ReplaySettingSpec(
            \.desiredAccuracy, .option("--accuracy", valueName: "accuracy"), key: "engine.desiredAccuracy",
            codec: .desiredAccuracy,
            help: "desiredAccuracy: best-for-navigation, best, nearest-ten-meters, hundred-meters, kilometer, "
                + "three-kilometers, reduced, or metres.",
            suggestions: DesiredAccuracy.names),
        ReplaySettingSpec(
            \.seed, .option("--seed", valueName: "n"), key: "seed", codec: .seed,
            help: "Seed of the accuracy model's error sequence."),
        ReplaySettingSpec(
            \.noise, .flag("--no-noise", value: false), key: "engine.noise", codec: .bool,
            help: "Report true positions (horizontalAccuracy is still the radius).", showsDefault: false),
        ReplaySettingSpec(
            \.noiseModel, .option("--noise", valueName: "model"), key: "engine.noiseModel",
            codec: .choice(expected: "correlated or white"),
            help: "Error model: correlated in time (varying horizontalAccuracy), or white (independent per fix).",
            choices: NoiseModel.allCases.map(\.rawValue)),
        ReplaySettingSpec(
            \.regions, .option("--region", valueName: "id=lat,lon,m", repeatable: true), key: "engine.regions",
            codec: .regions, help: "Monitor a circular region: region_enter/region_exit events (at most 20).",
            showsDefault: false, merge: { old, new in old + new }),
        ReplaySettingSpec(
            \.events, .option("--event", valueName: "t=kind", repeatable: true), key: "events", codec: .events,
            help: "Something that happens at t seconds: authorization-denied (or -always, -when-in-use, "
                + "-restricted, -not-determined), precise-location-off (-on), background, foreground, "
                + "location-services-off (-on).",
            showsDefault: false, merge: { old, new in old + new }),
        ReplaySettingSpec(
            \.interval, .option("--interval", valueName: "s"), key: "playback.interval",
            codec: .interval(minimum: ReplaySettings.minimumInterval),
            help: "Seconds between interpolated fixes; 0 replays the points only."),
        ReplaySettingSpec(
            \.speed, .option("--speed", valueName: "m/s"), key: "playback.speed",
            codec: .number(.positive, unit: "metres per second", cliUnit: "speed"),
            help: "Speed for points without times."),
        ReplaySettingSpec(
            \.maxGap, .option("--max-gap", valueName: "s"), key: "playback.maxGap",
            codec: .number(.nonNegative, unit: "seconds", cliUnit: "a number of seconds"),
            help: "A longer gap between points is a pause: no interpolation, the clock jumps."),
        ReplaySettingSpec(
            \.strict, .flag("--strict", value: true), key: "playback.strict", codec: .bool,
            help: "Treat the GPX reader's warnings (repaired times, skipped points) as errors.", showsDefault: false),
        ReplaySettingSpec(
            \.source, .option("--source", valueName: "kind"), key: "playback.source",
            codec: SettingCodec.source.optional,
            help: "Replay these points (default: trk, else rte, else wpt).", choices: GPXPointKind.sourceArguments,
            showsDefault: false),
        ReplaySettingSpec(
            \.laps, .option("--loop", valueName: "n"), key: "playback.loop",
            codec: .integer(
                minimum: 1, maximum: ReplaySettings.maximumLaps, expected: "a whole number from 1 to 10000"),
            help: "Play the track n times."),
        ReplaySettingSpec(
            \.loopMode, .option("--loop-mode", valueName: "mode"), key: "playback.loopMode",
            codec: .choice(expected: "restart or return"),
            help: "Between laps: restart (jump back) or return (drive back to the first point at --speed).",
            choices: LoopMode.allCases.map(\.rawValue)),
        ReplaySettingSpec(
            \.significantChange, .flag("--significant-change", value: true), key: "engine.significantChange",
            codec: .bool, help: "Significant-change mode: ≥ 500 m and ≥ 5 min between updates.", showsDefault: false),
        ReplaySettingSpec(
            \.authorization, .option("--authorization", valueName: "status"), key: "engine.authorization",
            codec: .authorization, help: "Authorization status the app has.",
            choices: AuthorizationStatus.allCases.map(\.argument)),
    ]

    /// The reverse geocoder's settings, then the geocoders' own options; the catalog's geocoders
    /// are the names `--help` lists for `--geocoder` (any well-formed name is read: the run's
    /// registry decides whether it is known).
    public static func geocoding(for catalog: PluginCatalog) -> [ReplaySettingSpec] {
        let geocoders = catalog.geocoders
        var kind = ReplaySettingSpec(
            \.geocoder, .option("--geocoder", valueName: "geocoder"), key: "geocoder.kind", codec: .geocoderName,
            help: "Reverse geocoder.", choices: geocoders)
        if !geocoders.isEmpty { kind.expected = ListText.joined(geocoders) }
        kind.hasOpenChoices = true
        return [kind] + geocodingPolicy(for: catalog) + catalog.geocoderOptions.map(ReplaySettingSpec.init)
    }

    /// The geocoding session's settings (throttle, latency, overlap, client policy, naming); the
    /// throttle's help names the catalog's unthrottled geocoders.
    static func geocodingPolicy(for catalog: PluginCatalog) -> [ReplaySettingSpec] {
        let unthrottled = catalog.unthrottledGeocoders
        let exceptions = unthrottled.isEmpty ? "" : "; none with " + ListText.joined(unthrottled)
        return [
            ReplaySettingSpec(
                \.geocodeLimit, .option("--geocode-limit", valueName: "n/s"), key: "geocoder.limit",
                codec: SettingCodec.geocodeLimit.optional,
                help: "Apple's throttle: n granted requests per s seconds (default 50/60\(exceptions)).",
                showsDefault: false),
            ReplaySettingSpec(
                \.geocodeLatency, .option("--geocode-latency", valueName: "s"), key: "geocoder.latency",
                codec: .number(.nonNegative, unit: "seconds", cliUnit: "seconds"),
                help: "Virtual seconds a reverse geocode takes."),
            ReplaySettingSpec(
                \.geocodeOverlap, .option("--geocode-overlap", valueName: "policy"), key: "geocoder.overlap",
                codec: .choice(expected: "cancel, queue or parallel"),
                help: "A request issued while another is pending.",
                choices: GeocodeOverlapPolicy.allCases.map(\.rawValue)),
            ReplaySettingSpec(
                \.geocodeMinInterval, .option("--geocode-min-interval", valueName: "s"), key: "geocoder.minInterval",
                codec: .number(.nonNegative, unit: "seconds", cliUnit: "seconds"),
                help: "Client policy: seconds between requests."),
            ReplaySettingSpec(
                \.geocodeCacheRadius, .option("--geocode-cache-radius", valueName: "m"), key: "geocoder.cacheRadius",
                codec: .number(.nonNegative, unit: "metres", cliUnit: "metres"),
                help: "Client policy: reuse the last place within m metres."),
            ReplaySettingSpec(
                \.placemark, .option("--placemark", valueName: "naming"), key: "geocoder.placemark",
                codec: .choice(expected: "clgeocoder or mapkit"),
                help: "Names in LOCATION_AVAILABLE: CLPlacemark's, or also MapKit's (iOS 26).",
                choices: PlacemarkNaming.allCases.map(\.rawValue)),
        ]
    }

    /// The app's services: providers, advisory selection, the providers' own options, push (then
    /// the push sinks' own options), base URLs. The help lines name the catalog's plug-ins.
    public static func services(for catalog: PluginCatalog) -> [ReplaySettingSpec] {
        providerSettings(for: catalog) + catalog.providerOptions.map(ReplaySettingSpec.init)
            + pushSettings(for: catalog) + catalog.pushSinkOptions.map(ReplaySettingSpec.init)
            + [baseURLs(for: catalog)]
    }

    /// `--providers`, `--advisory`, `--advisory-lifecycle`.
    static func providerSettings(for catalog: PluginCatalog) -> [ReplaySettingSpec] {
        [
            ReplaySettingSpec(
                \.providers, .option("--providers", valueName: "list"), key: "providers", codec: .providers,
                help: "Comma list of registered providers ("
                    + (catalog.providers + ["or your own"]).joined(separator: ", ")
                    + "), or none."),
            ReplaySettingSpec(
                \.advisory, .option("--advisory", valueName: "rule"), key: "advisory",
                codec: .choice(expected: "last, most-severe or all"), help: "Which advisories are posted.",
                choices: AdvisorySelection.allCases.map(\.rawValue)),
            ReplaySettingSpec(
                \.advisoryLifecycle, .option("--advisory-lifecycle", valueName: "mode"), key: "advisoryLifecycle",
                codec: .choice(expected: "seed or cap"),
                help: "seed: every listed advisory is new; cap: CAP updates, cancels and expiry on the virtual clock.",
                choices: AdvisoryLifecycle.allCases.map(\.rawValue)),
        ]
    }

    /// `--no-push`, `--push-endpoint` (the catalog's sinks in its help and "Expected …"), `--bundle-id`.
    static func pushSettings(for catalog: PluginCatalog) -> [ReplaySettingSpec] {
        let sinks = catalog.pushSinks
        let spellings = sinks.flatMap { [$0.name, $0.name + "=URL"] }
        return [
            ReplaySettingSpec(
                \.push, .flag("--no-push", value: false), key: "push.enabled", codec: .bool,
                help: "Do not run the push controller.", showsDefault: false),
            ReplaySettingSpec(
                \.pushEndpoint, .option("--push-endpoint", valueName: (sinks.first?.name ?? "name") + "=url"),
                key: "push.endpoint",
                codec: SettingCodec<String>.text(expected: ListText.joined(spellings)).optional,
                help: "Also POST each push " + sinks.map(\.phrase).joined(separator: ", or ") + ", at url.",
                showsDefault: false),
            ReplaySettingSpec(
                \.bundleID, .option("--bundle-id", valueName: "id"), key: "push.bundleID",
                codec: SettingCodec<String>.text(expected: "a bundle id").optional,
                help: "The app's bundle id: the apns-topic of APNs pushes, the app --drive and export apns push to.",
                showsDefault: false),
        ]
    }

    /// `--base-url`, listing the catalog's endpoint keys.
    static func baseURLs(for catalog: PluginCatalog) -> ReplaySettingSpec {
        ReplaySettingSpec(
            \.baseURLs, .option("--base-url", valueName: "key=url", repeatable: true), key: "baseURLs",
            codec: .baseURLs,
            help: "Override a base URL (" + (catalog.endpointKeys + ["or a provider's own"]).joined(separator: ", ")
                + ").",
            showsDefault: false, merge: { old, new in old.merging(new) { $1 } })
    }

    /// Settings whose command-line option lives with the options it goes with (`--http-timeout`
    /// beside `--live` and `--record`, in every command that goes live), read from `scenario.json`.
    public static let live: [ReplaySettingSpec] = [
        ReplaySettingSpec(
            \.httpTimeout, .option("--http-timeout", valueName: "s"), key: "http.timeout", codec: .httpTimeout,
            help: "Seconds one live HTTP request may take in all (connect, headers and body).")
    ]

    /// The setting stored under `scenario.json` key path `key`.
    public static func named(key: String) -> ReplaySettingSpec? { all.first { $0.key == key } }

    /// The setting the command line names `flag`.
    public static func named(flag: String) -> ReplaySettingSpec? { all.first { $0.flag == flag } }
}

extension SettingCodec where Value == String {
    /// Any text.
    public static func text(expected: String) -> SettingCodec<String> {
        SettingCodec(
            expected: expected, parse: { $0 },
            read: { json, path in
                if case .string(let text) = json { return .success(text) }
                return .failure(SettingProblem("'\(path)' must be a string, got \(describe(json))"))
            },
            write: { .string($0) }, text: { $0 })
    }
}
