import LocSimGeocoding
import LocSimHTTPRecording
import LocSimLocationCore
import LocSimPush
public import LocSimSettings
import LocSimSimulation
import LocSimSupport
import LocSimWeather

extension ReplaySettings {
    /// The pipeline configuration for `app` (whose registry resolves ``providers`` and whose
    /// endpoints take ``baseURLs``). Secrets come from `environment` only; an empty one gives
    /// placeholders (an offline replay, every scenario run). The geocoder's plug-in, from
    /// `app`'s registry, gives the default throttle and raises the minimum interval between
    /// geocodes to its ``GeocoderPlugin/minimumRequestInterval`` (Nominatim's usage policy).
    ///
    /// - Throws: ``ReplaySettingsError`` naming the option, for values no parser checked (an
    ///   interval or speed out of range, an unknown provider, geocoder or base-URL key, a bad
    ///   `--push-endpoint`), with the accepted names for "Did you mean".
    public func configuration(
        app: ReplayApp = ReplayApp(), environment: [String: String] = [:]
    ) throws(ReplaySettingsError) -> ReplayConfiguration {
        let engine = LocationEngine.Configuration(
            desiredAccuracy: desiredAccuracy, distanceFilter: distanceFilter, significantChange: significantChange,
            authorization: authorization, seed: seed, noise: noise, noiseModel: noiseModel)
        guard interval.isFinite, interval == 0 || interval >= ReplaySettings.minimumInterval else {
            throw ReplaySettingsError(
                option: "--interval",
                message: "'--interval' must be 0 or a number of seconds ≥ \(ReplaySettings.minimumInterval)")
        }
        if case .metres(let metres) = distanceFilter, !(metres.isFinite && metres >= 0) {
            throw ReplaySettingsError(
                option: "--distance-filter",
                message: "'--distance-filter' must be a number of metres (0 or more) or 'none', got \(metres)")
        }
        if case .metres(let metres) = desiredAccuracy, !(metres.isFinite && metres >= 0) {
            throw ReplaySettingsError(
                option: "--accuracy",
                message: "'--accuracy' must be a number of metres (0 or more), got \(metres)")
        }
        guard maxGap >= 0 else {
            throw ReplaySettingsError(option: "--max-gap", message: "'--max-gap' must be a number of seconds ≥ 0")
        }
        guard let playback = Playback.Configuration(interval: interval, speed: speed, maxGap: maxGap) else {
            throw ReplaySettingsError(option: "--speed", message: "'--speed' must be a speed > 0 in m/s")
        }
        guard (1...ReplaySettings.maximumLaps).contains(laps) else {
            throw ReplaySettingsError(
                option: "--loop", message: "'--loop' must be a whole number from 1 to \(ReplaySettings.maximumLaps)")
        }
        let plugin: any GeocoderPlugin
        do throws(GeocoderRegistryError) {
            plugin = try app.geocoders.resolve(geocoder).configured(with: pluginOptions)
        } catch {
            throw ReplaySettingsError(
                option: "--geocoder", message: error.description, value: geocoder.rawValue,
                validValues: app.geocoders.names.map(\.rawValue))
        }
        let throttle = (geocodeLimit ?? plugin.defaultLimit).map {
            GeocodeThrottle(limit: $0.requests, window: $0.seconds)
        }
        var geocoding = GeocodeSessionConfiguration(
            minInterval: geocodeMinInterval, cacheRadius: geocodeCacheRadius, throttle: throttle,
            latency: geocodeLatency, overlap: geocodeOverlap, naming: placemark)
        geocoding.minInterval = max(geocoding.minInterval, plugin.minimumRequestInterval.inSeconds)
        var endpoints = app.endpoints
        do throws(EndpointError) {
            try endpoints.override(baseURLs)
        } catch {
            let (value, candidates) = error.suggestionInput
            throw ReplaySettingsError(
                option: "--base-url", message: error.description, value: value, validValues: candidates)
        }
        let resolved: [any WeatherProvider]
        do throws(WeatherConfigurationError) {
            resolved = try app.providers.resolve(providers)
        } catch {
            throw ReplaySettingsError(
                option: error.option, message: error.message, value: error.value, validValues: error.validValues)
        }
        let credentials = Credentials(declarations: app.secrets, environment: environment)
        var pushSink: PushSinkSelection?
        if let pushEndpoint {
            do throws(PushEndpointError) {
                pushSink = try app.pushSinks.resolve(
                    pushEndpoint, endpoints: endpoints, credentials: credentials, bundleID: bundleID,
                    options: pluginOptions)
            } catch {
                throw ReplaySettingsError(
                    option: "--push-endpoint", message: error.description, value: error.value,
                    validValues: app.pushSinks.names.map(\.rawValue))
            }
        }
        var configuration = ReplayConfiguration(
            engine: engine, playback: playback, source: source, laps: laps, geocoder: geocoder, geocoding: geocoding,
            services: ServiceConfiguration(
                providers: providers, selection: advisory, push: push, pushSink: pushSink, endpoints: endpoints,
                credentials: credentials, lifecycle: advisoryLifecycle, pluginOptions: pluginOptions))
        configuration.strict = strict
        configuration.loopMode = loopMode
        configuration.regions = regions
        configuration.events = events
        configuration.warnings = ignoredSettings(engine: engine)
        var used = Set(resolved.flatMap(\.endpoints).map(\.key))
        used.formUnion(plugin.endpoints.map(\.key))
        if let pushSink { used.insert(pushSink.plugin.endpoint.key) }
        configuration.warnings += unusedBaseURLs(used: used)
        return configuration
    }

    /// One warning per `--base-url` key that nothing in this run sends requests to (`owm` with
    /// `--providers owm-onecall` would silently leave One Call on its live host), with the used
    /// key it most likely meant.
    func unusedBaseURLs(used: Set<EndpointKey>) -> [String] {
        let candidates = used.map(\.rawValue).sorted()
        let unused = baseURLs.keys.filter { !used.contains($0) }.map(\.rawValue).sorted()
        return unused.map { key in
            let guess =
                candidates.first { $0.hasPrefix(key) || key.hasPrefix($0) }
                ?? key.closest(among: candidates, maximumDistance: 2)
            return "'--base-url \(key)=…' is used by no provider, geocoder or push endpoint of this run, "
                + "so it changes nothing." + (guess.map { " Did you mean '\($0)'?" } ?? "")
        }
    }

    /// The settings CoreLocation would ignore in this combination: significant-change mode ignores
    /// `distanceFilter` and `desiredAccuracy` (when they differ from the defaults), and fixes come
    /// no faster than ``AccuracyProfile/minimumInterval`` whatever `--interval` asks.
    func ignoredSettings(engine: LocationEngine.Configuration) -> [String] {
        var warnings: [String] = []
        if significantChange, distanceFilter != ReplaySettings().distanceFilter {
            warnings.append("'--distance-filter' is ignored in significant-change mode (≥ 500 m and ≥ 5 min).")
        }
        if significantChange, desiredAccuracy != ReplaySettings().desiredAccuracy {
            warnings.append("'--accuracy' is ignored in significant-change mode (its fixes are accurate to 100 m).")
        }
        let minimum = AccuracyProfile.minimumInterval
        if interval > 0, interval < minimum {
            warnings.append(
                "'--interval \(interval)' is below the \(Int(minimum)) s at which CoreLocation delivers fixes; "
                    + "the replay samples faster than a device would.")
        }
        return warnings
    }
}
