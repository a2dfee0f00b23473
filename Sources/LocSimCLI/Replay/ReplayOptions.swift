import GPX
import Geocoding
import LocationCore
import Push
import Replay
import Scenarios
import Simulation
import Weather

/// The engine, playback, geocoder and provider options shared by `replay` and `plot`, and their
/// translation into a ``ReplayConfiguration``.
enum ReplayOptions {
    /// The defaults every flag shows and falls back to: ``ReplaySettings``', shared with `scenario.json`.
    static let defaults = ReplaySettings()

    /// `1`, `20`, `0.5`: a default as typed on the command line.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static let engine: [OptionSpec] = [
        .option(
            "--distance-filter", value: "m|none",
            help: "Metres the device must move from the previously delivered fix before the next is delivered.",
            default: defaults.distanceFilter.argument),
        .option(
            "--accuracy", value: "accuracy",
            help: "desiredAccuracy: best-for-navigation, best, nearest-ten-meters, hundred-meters, kilometer, "
                + "three-kilometers, reduced, or metres.",
            default: defaults.desiredAccuracy.argument),
        .option(
            "--seed", value: "n", help: "Seed of the accuracy model's error sequence.", default: String(defaults.seed)),
        .flag("--no-noise", help: "Report true positions (horizontalAccuracy is still the radius)."),
        .option(
            "--interval", value: "s", help: "Seconds between interpolated fixes; 0 replays the points only.",
            default: number(defaults.interval)),
        .option("--speed", value: "m/s", help: "Speed for points without times.", default: number(defaults.speed)),
        .option(
            "--max-gap", value: "s", help: "A longer gap between points is a pause: no interpolation, the clock jumps.",
            default: number(defaults.maxGap)),
        .flag("--strict", help: "Treat the GPX reader's warnings (repaired times, skipped points) as errors."),
        .option(
            "--source", value: "kind", help: "Replay these points (default: trk, else rte, else wpt).",
            values: ["wpt", "rte", "trk"]),
        .option("--loop", value: "n", help: "Play the track n times.", default: String(defaults.laps)),
        .flag("--significant-change", help: "Significant-change mode: ≥ 500 m and ≥ 5 min between updates."),
        .option(
            "--authorization", value: "status", help: "Authorization status the app has.",
            default: defaults.authorization.argument,
            values: AuthorizationStatus.allCases.map(\.argument)),
    ]

    static let geocoding: [OptionSpec] = [
        .option(
            "--geocoder", value: "geocoder", help: "Reverse geocoder.", default: defaults.geocoder.rawValue,
            values: GeocoderKind.allCases.map(\.rawValue)),
        .option(
            "--geocode-limit", value: "n/s",
            help: "Apple's throttle: n granted requests per s seconds (default 50/60; none with nominatim).",
            default: nil),
        .option(
            "--geocode-latency", value: "s", help: "Virtual seconds a reverse geocode takes.",
            default: number(defaults.geocodeLatency)),
        .option(
            "--geocode-overlap", value: "policy", help: "A request issued while another is pending.",
            default: defaults.geocodeOverlap.rawValue, values: GeocodeOverlapPolicy.allCases.map(\.rawValue)),
        .option(
            "--geocode-min-interval", value: "s", help: "Client policy: seconds between requests.",
            default: number(defaults.geocodeMinInterval)),
        .option(
            "--geocode-cache-radius", value: "m", help: "Client policy: reuse the last place within m metres.",
            default: number(defaults.geocodeCacheRadius)),
    ]

    static let services: [OptionSpec] = [
        .option(
            "--providers", value: "list",
            help: "Comma list of aeris, nws, owm-umbrella, owm-conditions, google-legacy, or none.",
            default: defaults.providers.isEmpty ? "none" : defaults.providers.map(\.rawValue).joined(separator: ",")),
        .option(
            "--advisory", value: "rule", help: "Which advisories are posted.", default: defaults.advisory.rawValue,
            values: AdvisorySelection.allCases.map(\.rawValue)),
        .flag("--no-push", help: "Do not run the push controller."),
        .option("--push-endpoint", value: "parse=url", help: "Also POST each push to Parse at url."),
        .option(
            "--base-url", value: "key=url",
            help: "Override a base URL (aeris, nws, owm, google, nominatim, parse).", repeatable: true),
    ]

    /// Builds the configuration from parsed options; bad values are usage errors naming the option.
    /// The defaults and the mapping onto the pipeline are ``ReplaySettings``', shared with
    /// `scenario.json`.
    static func configuration(
        _ parsed: ParsedCommand, environment: [String: String]
    ) throws(UsageError)
        -> ReplayConfiguration
    {
        let settings = try settings(parsed)
        do throws(ReplaySettingsError) {
            return try settings.configuration(credentials: ProviderCredentials(environment: environment))
        } catch {
            throw parsed.usageError(error.message)
        }
    }

    /// The settings the flags describe, over ``ReplaySettings``' defaults.
    static func settings(_ parsed: ParsedCommand) throws(UsageError) -> ReplaySettings {
        var settings = ReplaySettings()
        if let distanceFilter = try parsed.value(
            "--distance-filter", expected: "a number of metres or 'none'", { DistanceFilter(argument: $0) })
        {
            settings.distanceFilter = distanceFilter
        }
        if let accuracy = try parsed.value(
            "--accuracy", expected: "a desiredAccuracy name or metres from 0.001 to 20000000",
            { argument -> DesiredAccuracy? in
                // Beyond these bounds a radius is meaningless (under 1 mm, or more than half the Earth).
                guard let accuracy = DesiredAccuracy(argument: argument) else { return nil }
                return (0.001...20_000_000).contains(accuracy.radius) ? accuracy : nil
            })
        {
            settings.desiredAccuracy = accuracy
        }
        if let seed = try parsed.value("--seed", expected: "a non-negative integer", { UInt64($0) }) {
            settings.seed = seed
        }
        if let authorization = try parsed.value(
            "--authorization", expected: "an authorization status", { AuthorizationStatus(argument: $0) })
        {
            settings.authorization = authorization
        }
        settings.significantChange = parsed.flag("--significant-change")
        settings.noise = !parsed.flag("--no-noise")
        if let interval = try parsed.value("--interval", expected: "a number of seconds ≥ 0", nonNegative) {
            settings.interval = interval
        }
        if let maxGap = try parsed.value("--max-gap", expected: "a number of seconds ≥ 0", nonNegative) {
            settings.maxGap = maxGap
        }
        settings.strict = parsed.flag("--strict")
        if let speed = try parsed.value(
            "--speed", expected: "a speed > 0 in m/s", { Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } })
        {
            settings.speed = speed
        }
        if let laps = try parsed.value(
            "--loop", expected: "a positive integer", { Int($0).flatMap { $0 >= 1 ? $0 : nil } })
        {
            settings.laps = laps
        }
        settings.source = parsed.string("--source").flatMap(ReplaySettings.pointKind(argument:))

        if let geocoder = parsed.string("--geocoder").flatMap(GeocoderKind.init(rawValue:)) {
            settings.geocoder = geocoder
        }
        if let throttle = try parsed.value(
            "--geocode-limit", expected: "n/s, e.g. 50/60", { GeocodeThrottle(argument: $0) })
        {
            settings.geocodeLimit = throttle
        }
        if let latency = try parsed.value("--geocode-latency", expected: "seconds ≥ 0", nonNegative) {
            settings.geocodeLatency = latency
        }
        if let minInterval = try parsed.value("--geocode-min-interval", expected: "seconds ≥ 0", nonNegative) {
            settings.geocodeMinInterval = minInterval
        }
        if let cacheRadius = try parsed.value("--geocode-cache-radius", expected: "metres ≥ 0", nonNegative) {
            settings.geocodeCacheRadius = cacheRadius
        }
        if let overlap = parsed.string("--geocode-overlap").flatMap(GeocodeOverlapPolicy.init(rawValue:)) {
            settings.geocodeOverlap = overlap
        }

        settings.pushEndpoint = parsed.string("--push-endpoint")
        do throws(WeatherConfigurationError) {
            settings.baseURLs = try BaseURLs.parsing(parsed.strings("--base-url"))
            if let providers = parsed.string("--providers") {
                settings.providers = try WeatherProviderID.parseList(providers)
            }
            if let advisory = parsed.string("--advisory") { settings.advisory = try AdvisorySelection.parse(advisory) }
            if let endpoint = settings.pushEndpoint {
                _ = try ParseEndpoint.parse(argument: endpoint, baseURLs: settings.baseURLs, credentials: .placeholders)
            }
        } catch {
            throw usageError(error, parsed)
        }
        settings.push = !parsed.flag("--no-push")
        return settings
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

    /// A finite number ≥ 0.
    private static func nonNegative(_ text: String) -> Double? {
        Double(text).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
    }
}
