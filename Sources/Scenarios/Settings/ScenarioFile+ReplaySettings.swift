import GPX
import Geocoding
public import Harness
import LocationCore
import Replay
import Weather

extension ScenarioFile {
    /// The scenario's settings over the `locsim replay` defaults: every key left out of
    /// `scenario.json` keeps the value the command line would use.
    ///
    /// - Throws: ``ReplaySettingsError`` for a value the schema accepts but the pipeline cannot
    ///   run (`geocoder.limit` of 0 requests: the throttle needs at least one).
    public func replaySettings() throws(ReplaySettingsError) -> ReplaySettings {
        var settings = ReplaySettings()
        if let seed { settings.seed = seed }
        switch engine.desiredAccuracy {
        case nil: break
        case .meters(let metres)?: settings.desiredAccuracy = .metres(metres)
        case .preset(let preset)?: settings.desiredAccuracy = preset.desiredAccuracy
        }
        switch engine.distanceFilter {
        case nil: break
        case .unfiltered?: settings.distanceFilter = .none
        case .meters(let metres)?: settings.distanceFilter = .metres(metres)
        }
        if let significantChange = engine.significantChange { settings.significantChange = significantChange }
        if let authorization = engine.authorization { settings.authorization = authorization.status }
        if let noise = engine.noise { settings.noise = noise }

        if let interval = playback.interval { settings.interval = interval }
        if let speed = playback.speed { settings.speed = speed }
        if let source = playback.source { settings.source = ReplaySettings.pointKind(argument: source.rawValue) }
        if let loop = playback.loop { settings.laps = loop }

        switch geocoder.kind {
        case nil: break
        case .offline?: settings.geocoder = .offline
        case .nominatim?: settings.geocoder = .nominatim
        case .disabled?: settings.geocoder = .none
        }
        if let limit = geocoder.limit {
            guard limit.requests >= 1, limit.seconds > 0, limit.seconds.isFinite else {
                throw ReplaySettingsError(
                    option: "geocoder.limit",
                    message: "'geocoder.limit' must allow at least 1 request in a positive number of seconds")
            }
            settings.geocodeLimit = GeocodeThrottle(limit: limit.requests, window: limit.seconds)
        }
        if let latency = geocoder.latency { settings.geocodeLatency = latency }
        if let overlap = geocoder.overlap, let policy = GeocodeOverlapPolicy(rawValue: overlap.rawValue) {
            settings.geocodeOverlap = policy
        }
        if let minInterval = geocoder.minInterval { settings.geocodeMinInterval = minInterval }
        if let cacheRadius = geocoder.cacheRadius { settings.geocodeCacheRadius = cacheRadius }

        if let providers { settings.providers = providers.compactMap { WeatherProviderID(rawValue: $0.rawValue) } }
        if let advisory, let selection = Weather.AdvisorySelection(rawValue: advisory.rawValue) {
            settings.advisory = selection
        }
        if let enabled = push.enabled { settings.push = enabled }
        for (key, url) in baseURLs.sorted(by: { $0.key < $1.key }) {
            if let serviceKey = BaseURLs.Key(rawValue: key.rawValue) { settings.baseURLs[serviceKey] = url }
        }
        return settings
    }
}

extension ScenarioFile.AccuracyPreset {
    /// The engine's value for the preset.
    var desiredAccuracy: DesiredAccuracy {
        switch self {
        case .bestForNavigation: .bestForNavigation
        case .best: .best
        case .nearestTenMeters: .nearestTenMeters
        case .hundredMeters: .hundredMeters
        case .kilometer: .kilometer
        case .threeKilometers: .threeKilometers
        case .reduced: .reduced
        }
    }
}

extension ScenarioFile.Authorization {
    /// The CLAuthorizationStatus it names.
    var status: AuthorizationStatus {
        switch self {
        case .always: .authorizedAlways
        case .whenInUse: .authorizedWhenInUse
        case .denied: .denied
        case .restricted: .restricted
        case .notDetermined: .notDetermined
        }
    }
}
