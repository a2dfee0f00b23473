public import CanonicalJSON

extension ScenarioFile {
    /// The file as JSON: only the settings that are set, so `parse(json.pretty())` gives the same
    /// value back.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["version": .int(version), "track": .string(track)]
        if let description { members["description"] = .string(description) }
        if let seed { members["seed"] = .number(String(seed)) }

        var engineMembers: [String: JSONValue] = [:]
        switch engine.desiredAccuracy {
        case .preset(let preset): engineMembers["desiredAccuracy"] = .string(preset.rawValue)
        case .meters(let meters): engineMembers["desiredAccuracy"] = .double(meters)
        case nil: break
        }
        switch engine.distanceFilter {
        case .unfiltered: engineMembers["distanceFilter"] = .string("none")
        case .meters(let meters): engineMembers["distanceFilter"] = .double(meters)
        case nil: break
        }
        if let flag = engine.significantChange { engineMembers["significantChange"] = .bool(flag) }
        if let authorization = engine.authorization { engineMembers["authorization"] = .string(authorization.rawValue) }
        if let noise = engine.noise { engineMembers["noise"] = .bool(noise) }
        if !engineMembers.isEmpty { members["engine"] = .object(engineMembers) }

        var playbackMembers: [String: JSONValue] = [:]
        if let interval = playback.interval { playbackMembers["interval"] = .double(interval) }
        if let speed = playback.speed { playbackMembers["speed"] = .double(speed) }
        if let source = playback.source { playbackMembers["source"] = .string(source.rawValue) }
        if let loop = playback.loop { playbackMembers["loop"] = .int(loop) }
        if !playbackMembers.isEmpty { members["playback"] = .object(playbackMembers) }

        var geocoderMembers: [String: JSONValue] = [:]
        if let kind = geocoder.kind { geocoderMembers["kind"] = .string(kind.rawValue) }
        if let limit = geocoder.limit {
            let seconds = JSONValue.double(limit.seconds).compact()
            geocoderMembers["limit"] = .string("\(limit.requests)/\(seconds)")
        }
        if let latency = geocoder.latency { geocoderMembers["latency"] = .double(latency) }
        if let overlap = geocoder.overlap { geocoderMembers["overlap"] = .string(overlap.rawValue) }
        if let interval = geocoder.minInterval { geocoderMembers["minInterval"] = .double(interval) }
        if let radius = geocoder.cacheRadius { geocoderMembers["cacheRadius"] = .double(radius) }
        if !geocoderMembers.isEmpty { members["geocoder"] = .object(geocoderMembers) }

        if let providers {
            members["providers"] = .array(
                providers.isEmpty ? [.string("none")] : providers.map { .string($0.rawValue) })
        }
        if let advisory { members["advisory"] = .string(advisory.rawValue) }
        if let enabled = push.enabled { members["push"] = .object(["enabled": .bool(enabled)]) }
        if !baseURLs.isEmpty {
            members["baseURLs"] = .object(
                Dictionary(uniqueKeysWithValues: baseURLs.map { ($0.key.rawValue, .string($0.value)) }))
        }
        return .object(members)
    }

    /// The file's text as written to disk: pretty JSON with sorted keys and a final newline.
    public var text: String { json.pretty() + "\n" }
}
