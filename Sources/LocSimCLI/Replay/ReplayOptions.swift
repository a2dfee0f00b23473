import GPX
import Geocoding
import LocationCore
import Push
import Replay
import Simulation
import Weather

/// The engine, playback, geocoder and provider options shared by `replay` and `plot`, and their
/// translation into a ``ReplayConfiguration``.
enum ReplayOptions {
    static let engine: [OptionSpec] = [
        .option(
            "--distance-filter", value: "m|none",
            help: "Metres the device must move from the previously delivered fix before the next is delivered.",
            default: "3000"),
        .option(
            "--accuracy", value: "accuracy",
            help: "desiredAccuracy: best-for-navigation, best, nearest-ten-meters, hundred-meters, kilometer, "
                + "three-kilometers, reduced, or metres.",
            default: "kilometer"),
        .option("--seed", value: "n", help: "Seed of the accuracy model's error sequence.", default: "0"),
        .flag("--no-noise", help: "Report true positions (horizontalAccuracy is still the radius)."),
        .option(
            "--interval", value: "s", help: "Seconds between interpolated fixes; 0 replays the points only.",
            default: "1"),
        .option("--speed", value: "m/s", help: "Speed for points without times.", default: "20"),
        .option(
            "--source", value: "kind", help: "Replay these points (default: trk, else rte, else wpt).",
            values: ["wpt", "rte", "trk"]),
        .option("--loop", value: "n", help: "Play the track n times.", default: "1"),
        .flag("--significant-change", help: "Significant-change mode: ≥ 500 m and ≥ 5 min between updates."),
        .option(
            "--authorization", value: "status", help: "Authorization status the app has.", default: "always",
            values: AuthorizationStatus.allCases.map(\.argument)),
    ]

    static let geocoding: [OptionSpec] = [
        .option(
            "--geocoder", value: "geocoder", help: "Reverse geocoder.", default: "offline",
            values: GeocoderKind.allCases.map(\.rawValue)),
        .option(
            "--geocode-limit", value: "n/s", help: "Apple's throttle: n granted requests per s seconds.",
            default: "50/60"),
        .option("--geocode-latency", value: "s", help: "Virtual seconds a reverse geocode takes.", default: "0"),
        .option(
            "--geocode-overlap", value: "policy", help: "A request issued while another is pending.",
            default: "cancel", values: GeocodeOverlapPolicy.allCases.map(\.rawValue)),
        .option("--geocode-min-interval", value: "s", help: "Client policy: seconds between requests.", default: "0"),
        .option(
            "--geocode-cache-radius", value: "m", help: "Client policy: reuse the last place within m metres.",
            default: "0"),
    ]

    static let services: [OptionSpec] = [
        .option(
            "--providers", value: "list",
            help: "Comma list of aeris, nws, owm-umbrella, owm-conditions, google-legacy, or none.", default: "aeris"),
        .option(
            "--advisory", value: "rule", help: "Which advisories are posted.", default: "last",
            values: AdvisorySelection.allCases.map(\.rawValue)),
        .flag("--no-push", help: "Do not run the push controller."),
        .option("--push-endpoint", value: "parse=url", help: "Also POST each push to Parse at url."),
        .option(
            "--base-url", value: "key=url",
            help: "Override a base URL (aeris, nws, owm, google, nominatim, parse).", repeatable: true),
    ]

    /// Builds the configuration from parsed options; bad values are usage errors naming the option.
    static func configuration(
        _ parsed: ParsedCommand, environment: [String: String]
    ) throws(UsageError)
        -> ReplayConfiguration
    {
        let distanceFilter = try parsed.value("--distance-filter", expected: "a number of metres or 'none'") {
            DistanceFilter(argument: $0)
        }
        let accuracy = try parsed.value(
            "--accuracy", expected: "a desiredAccuracy name or metres from 0.001 to 20000000"
        ) { argument -> DesiredAccuracy? in
            // Beyond these bounds a radius is meaningless (under 1 mm, or more than half the Earth).
            guard let accuracy = DesiredAccuracy(argument: argument) else { return nil }
            return (0.001...20_000_000).contains(accuracy.radius) ? accuracy : nil
        }
        let seed = try parsed.value("--seed", expected: "a non-negative integer") { UInt64($0) }
        let authorization = try parsed.value("--authorization", expected: "an authorization status") {
            AuthorizationStatus(argument: $0)
        }
        let engine = LocationEngine.Configuration(
            desiredAccuracy: accuracy ?? .kilometer,
            distanceFilter: distanceFilter ?? .metres(3000),
            significantChange: parsed.flag("--significant-change"),
            authorization: authorization ?? .authorizedAlways,
            seed: seed ?? 0,
            noise: !parsed.flag("--no-noise")
        )
        let interval = try parsed.value("--interval", expected: "a number of seconds ≥ 0") {
            Double($0).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
        }
        let speed = try parsed.value("--speed", expected: "a speed > 0 in m/s") {
            Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        }
        guard let playback = Playback.Configuration(interval: interval ?? 1, speed: speed ?? 20) else {
            throw parsed.usageError("Invalid '--interval' or '--speed'.")
        }
        let laps = try parsed.value("--loop", expected: "a positive integer") { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
        let source = parsed.string("--source").flatMap(sourceKind(argument:))

        let geocoder = parsed.string("--geocoder").flatMap(GeocoderKind.init(rawValue:)) ?? .offline
        let throttle = try parsed.value("--geocode-limit", expected: "n/s, e.g. 50/60") {
            GeocodeThrottle(argument: $0)
        }
        let latency = try parsed.value("--geocode-latency", expected: "seconds ≥ 0") {
            Double($0).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
        }
        let minInterval = try parsed.value("--geocode-min-interval", expected: "seconds ≥ 0") {
            Double($0).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
        }
        let cacheRadius = try parsed.value("--geocode-cache-radius", expected: "metres ≥ 0") {
            Double($0).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
        }
        var geocoding = GeocodeSessionConfiguration(
            minInterval: minInterval ?? 0, cacheRadius: cacheRadius ?? 0, throttle: throttle ?? .apple,
            latency: latency ?? 0,
            overlap: parsed.string("--geocode-overlap").flatMap(GeocodeOverlapPolicy.init(rawValue:)) ?? .cancel)
        if geocoder == .nominatim {
            geocoding.minInterval = max(geocoding.minInterval, NominatimGeocoder.minimumRequestInterval)
        }

        let services: ServiceConfiguration
        do throws(WeatherConfigurationError) {
            let baseURLs = try BaseURLs.parsing(parsed.strings("--base-url"))
            let credentials = ProviderCredentials(environment: environment)
            let weather = WeatherService.Configuration(
                providers: try WeatherProviderID.parseList(parsed.string("--providers") ?? "aeris"),
                baseURLs: baseURLs, credentials: credentials,
                selection: try AdvisorySelection.parse(parsed.string("--advisory") ?? "last"))
            let parse = try parsed.string("--push-endpoint").map { argument throws(WeatherConfigurationError) in
                try ParseEndpoint.parse(argument: argument, baseURLs: baseURLs, credentials: credentials)
            }
            services = ServiceConfiguration(weather: weather, push: !parsed.flag("--no-push"), parseEndpoint: parse)
        } catch {
            throw usageError(error, parsed)
        }
        return ReplayConfiguration(
            engine: engine, playback: playback, source: source, laps: laps ?? 1, geocoder: geocoder,
            geocoding: geocoding, services: services)
    }

    /// The point kind `--source wpt|rte|trk` names (the GPX element names are `wpt`, `rtept`, `trkpt`).
    static func sourceKind(argument: String) -> GPXPointKind? {
        switch argument {
        case "wpt": .waypoint
        case "rte": .routePoint
        case "trk": .trackPoint
        default: nil
        }
    }

    /// A bad `--providers`, `--base-url`, `--advisory` or `--push-endpoint` value as a usage error
    /// that names the option, explains, and suggests the closest accepted spelling.
    static func usageError(_ error: WeatherConfigurationError, _ parsed: ParsedCommand) -> UsageError {
        var synopsis = error.option
        var given = error.value
        if let option = parsed.spec.option(named: error.option), !option.isFlag {
            synopsis = option.quotedSynopsis
            given = parsed.strings(error.option).last { $0.contains(error.value) } ?? error.value
        }
        var message = "The value '\(given)' is invalid for '\(synopsis)': \(error.message)."
        if !error.value.isEmpty, let suggestion = error.value.closest(among: error.validValues),
            suggestion != error.value
        {
            message += " Did you mean '\(suggestion)'?"
        }
        return parsed.usageError(message)
    }
}
