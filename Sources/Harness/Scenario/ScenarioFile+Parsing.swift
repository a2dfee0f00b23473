import CanonicalJSON

extension ScenarioFile {
    /// The keys of a version-1 file, per object (also the order documented in docs/harness.md).
    static let topLevelKeys = [
        "version", "description", "track", "seed", "engine", "playback", "geocoder", "providers", "advisory",
        "push", "baseURLs",
    ]
    static let engineKeys = ["desiredAccuracy", "distanceFilter", "significantChange", "authorization", "noise"]
    static let playbackKeys = ["interval", "speed", "source", "loop"]
    static let geocoderKeys = ["kind", "limit", "latency", "overlap", "minInterval", "cacheRadius"]
    static let pushKeys = ["enabled"]

    /// Parses and validates the text of a `scenario.json`.
    ///
    /// - Parameter file: the path shown in errors (`Recordings/franklin-la/scenario.json`).
    /// - Throws: ``ScenarioFileError`` listing every problem: a JSON syntax error with its line and
    ///   column; a missing or unsupported `version` (alone: other versions may have other keys);
    ///   otherwise every unknown key (with a suggestion for near misses), wrong type, value out of
    ///   range or unknown enum value, and a missing `track`.
    public static func parse(_ text: String, file: String) throws(ScenarioFileError) -> ScenarioFile {
        let document: JSONValue
        do {
            document = try JSONValue.parse(text)
        } catch {
            throw ScenarioFileError(
                file: file,
                diagnostics: [.init(keyPath: nil, message: error.message, line: error.line, column: error.column)])
        }
        var validator = ScenarioValidator()
        let parsed = validator.scenario(document)
        guard validator.diagnostics.isEmpty, let parsed else {
            throw ScenarioFileError(file: file, diagnostics: validator.diagnostics)
        }
        return parsed
    }

    /// Parses UTF-8 bytes (invalid sequences are replaced, then reported by the JSON reader if they
    /// matter).
    public static func parse(utf8 bytes: some Sequence<UInt8>, file: String) throws(ScenarioFileError) -> ScenarioFile {
        try parse(String(decoding: Array(bytes), as: UTF8.self), file: file)
    }
}

/// Checks a parsed `scenario.json` against schema version 1, collecting every problem.
struct ScenarioValidator {
    private(set) var diagnostics: [ScenarioFileError.Diagnostic] = []

    mutating func scenario(_ document: JSONValue) -> ScenarioFile? {
        guard case .object(let members) = document else {
            fail(nil, "the top level must be a JSON object, got \(describe(document))")
            return nil
        }
        guard let version = members["version"] else {
            fail("version", "missing required key 'version' (this locsim reads version \(ScenarioFile.currentVersion))")
            return nil
        }
        guard case .number = version else {
            fail("version", "'version' must be the number \(ScenarioFile.currentVersion), got \(describe(version))")
            return nil
        }
        guard let number = integer(version), number == ScenarioFile.currentVersion else {
            fail(
                "version",
                "unsupported 'version' \(describe(version)): this locsim reads version \(ScenarioFile.currentVersion)")
            return nil
        }

        var file = ScenarioFile(track: "")
        var track: String?
        for (key, value) in sorted(members) {
            switch key {
            case "version": break
            case "description": file.description = string(value, at: key)
            case "track": track = trackPath(value)
            case "seed": file.seed = seed(value)
            case "engine": if let engine = engine(value) { file.engine = engine }
            case "playback": if let playback = playback(value) { file.playback = playback }
            case "geocoder": if let geocoder = geocoder(value) { file.geocoder = geocoder }
            case "providers": file.providers = providers(value)
            case "advisory": file.advisory = choice(value, at: key)
            case "push": if let push = push(value) { file.push = push }
            case "baseURLs": file.baseURLs = baseURLs(value)
            default: unknownKey(key, in: "", known: ScenarioFile.topLevelKeys)
            }
        }
        if members["track"] == nil {
            fail("track", "missing required key 'track' (the GPX file, relative to the repository root)")
        }
        guard let track else { return nil }
        file.track = track
        return file
    }

    // MARK: Objects

    private mutating func engine(_ value: JSONValue) -> ScenarioFile.Engine? {
        guard let members = object(value, at: "engine") else { return nil }
        var engine = ScenarioFile.Engine()
        for (key, value) in sorted(members) {
            let path = "engine." + key
            switch key {
            case "desiredAccuracy": engine.desiredAccuracy = desiredAccuracy(value, at: path)
            case "distanceFilter": engine.distanceFilter = distanceFilter(value, at: path)
            case "significantChange": engine.significantChange = bool(value, at: path)
            case "authorization": engine.authorization = choice(value, at: path)
            case "noise": engine.noise = bool(value, at: path)
            default: unknownKey(key, in: "engine", known: ScenarioFile.engineKeys)
            }
        }
        return engine
    }

    private mutating func playback(_ value: JSONValue) -> ScenarioFile.Playback? {
        guard let members = object(value, at: "playback") else { return nil }
        var playback = ScenarioFile.Playback()
        for (key, value) in sorted(members) {
            let path = "playback." + key
            switch key {
            case "interval": playback.interval = number(value, at: path, .nonNegative, unit: "seconds")
            case "speed": playback.speed = number(value, at: path, .positive, unit: "metres per second")
            case "source": playback.source = choice(value, at: path)
            case "loop":
                if let loop = integer(value), loop >= 1 {
                    playback.loop = loop
                } else {
                    fail(path, "'\(path)' must be a whole number of at least 1, got \(describe(value))")
                }
            default: unknownKey(key, in: "playback", known: ScenarioFile.playbackKeys)
            }
        }
        return playback
    }

    private mutating func geocoder(_ value: JSONValue) -> ScenarioFile.Geocoder? {
        guard let members = object(value, at: "geocoder") else { return nil }
        var geocoder = ScenarioFile.Geocoder()
        for (key, value) in sorted(members) {
            let path = "geocoder." + key
            switch key {
            case "kind": geocoder.kind = choice(value, at: path)
            case "limit": geocoder.limit = geocodeLimit(value, at: path)
            case "latency": geocoder.latency = number(value, at: path, .nonNegative, unit: "seconds")
            case "overlap": geocoder.overlap = choice(value, at: path)
            case "minInterval": geocoder.minInterval = number(value, at: path, .nonNegative, unit: "seconds")
            case "cacheRadius": geocoder.cacheRadius = number(value, at: path, .nonNegative, unit: "metres")
            default: unknownKey(key, in: "geocoder", known: ScenarioFile.geocoderKeys)
            }
        }
        return geocoder
    }

    private mutating func push(_ value: JSONValue) -> ScenarioFile.Push? {
        guard let members = object(value, at: "push") else { return nil }
        var push = ScenarioFile.Push()
        for (key, value) in sorted(members) {
            switch key {
            case "enabled": push.enabled = bool(value, at: "push.enabled")
            default: unknownKey(key, in: "push", known: ScenarioFile.pushKeys)
            }
        }
        return push
    }

    private mutating func baseURLs(_ value: JSONValue) -> [ScenarioFile.BaseURLKey: String] {
        guard let members = object(value, at: "baseURLs") else { return [:] }
        var urls: [ScenarioFile.BaseURLKey: String] = [:]
        for (key, value) in sorted(members) {
            guard let service = ScenarioFile.BaseURLKey(rawValue: key) else {
                unknownKey(key, in: "baseURLs", known: ScenarioFile.BaseURLKey.allCases.map(\.rawValue))
                continue
            }
            let path = "baseURLs." + key
            guard let text = string(value, at: path) else { continue }
            if isHTTPURL(text) {
                urls[service] = text
            } else {
                fail(path, "'\(path)' must be an http:// or https:// URL with a host, got \(describe(value))")
            }
        }
        return urls
    }

    // MARK: Values

    private mutating func trackPath(_ value: JSONValue) -> String? {
        guard let path = string(value, at: "track") else { return nil }
        if path.isEmpty {
            fail("track", "'track' must name a GPX file relative to the repository root, got \"\"")
            return nil
        }
        if path.hasPrefix("/") || path.hasPrefix("~") || path.contains("\\") {
            fail(
                "track",
                "'track' must be relative to the repository root with '/' separators, got \(describe(value))")
            return nil
        }
        return path
    }

    private mutating func seed(_ value: JSONValue) -> UInt64? {
        if case .number(let literal) = value {
            if let seed = UInt64(literal) { return seed }
            if let double = Double(literal), double >= 0, double == double.rounded(), double < 0x1p53 {
                return UInt64(double)
            }
        }
        fail("seed", "'seed' must be a whole number from 0 to \(UInt64.max), got \(describe(value))")
        return nil
    }

    private mutating func desiredAccuracy(_ value: JSONValue, at path: String) -> ScenarioFile.DesiredAccuracy? {
        switch value {
        case .number(let literal):
            if let meters = Double(literal), meters.isFinite, meters > 0 { return .meters(meters) }
        case .string(let text):
            if let preset = ScenarioFile.AccuracyPreset(rawValue: text) { return .preset(preset) }
        default: break
        }
        let names = ScenarioFile.AccuracyPreset.allCases.map(\.rawValue)
        fail(
            path,
            "'\(path)' must be one of \(quotedList(names)) or a positive number of metres, got \(describe(value))"
                + suggestionSuffix(for: value, among: names))
        return nil
    }

    private mutating func distanceFilter(_ value: JSONValue, at path: String) -> ScenarioFile.DistanceFilter? {
        switch value {
        case .string("none"): return .unfiltered
        case .number(let literal):
            if let meters = Double(literal), meters.isFinite, meters >= 0 { return .meters(meters) }
        default: break
        }
        fail(path, "'\(path)' must be a number of metres (0 or more) or \"none\", got \(describe(value))")
        return nil
    }

    private mutating func geocodeLimit(_ value: JSONValue, at path: String) -> ScenarioFile.GeocodeLimit? {
        if case .string(let text) = value {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count == 2, let requests = Int(parts[0]), requests >= 0, let seconds = Double(parts[1]),
                seconds.isFinite, seconds > 0
            {
                return ScenarioFile.GeocodeLimit(requests: requests, seconds: seconds)
            }
        }
        fail(path, "'\(path)' must be \"N/S\" (N requests in any S seconds, e.g. \"50/60\"), got \(describe(value))")
        return nil
    }

    private mutating func providers(_ value: JSONValue) -> [ScenarioFile.Provider]? {
        guard case .array(let elements) = value else {
            fail("providers", "'providers' must be an array of provider names, got \(describe(value))")
            return nil
        }
        let names = ScenarioFile.Provider.allCases.map(\.rawValue) + ["none"]
        var providers: [ScenarioFile.Provider] = []
        var sawNone = false
        var valid = true
        for (index, element) in elements.enumerated() {
            let path = "providers[\(index)]"
            if element == .string("none") {
                sawNone = true
                continue
            }
            if case .string(let name) = element, let provider = ScenarioFile.Provider(rawValue: name) {
                if providers.contains(provider) {
                    fail(path, "'\(path)' repeats \"\(name)\"")
                    valid = false
                }
                providers.append(provider)
                continue
            }
            fail(
                path,
                "'\(path)' must be one of \(quotedList(names)), got \(describe(element))"
                    + suggestionSuffix(for: element, among: names))
            valid = false
        }
        if sawNone, elements.count > 1 {
            fail("providers", "'providers' lists \"none\" together with other providers")
            valid = false
        }
        return valid ? providers : nil
    }

    // MARK: Primitives

    private mutating func object(_ value: JSONValue, at path: String) -> [String: JSONValue]? {
        if case .object(let members) = value { return members }
        fail(path, "'\(path)' must be an object, got \(describe(value))")
        return nil
    }

    private mutating func string(_ value: JSONValue, at path: String) -> String? {
        if case .string(let text) = value { return text }
        fail(path, "'\(path)' must be a string, got \(describe(value))")
        return nil
    }

    private mutating func bool(_ value: JSONValue, at path: String) -> Bool? {
        if case .bool(let flag) = value { return flag }
        fail(path, "'\(path)' must be true or false, got \(describe(value))")
        return nil
    }

    enum Bound {
        case nonNegative, positive
    }

    private mutating func number(_ value: JSONValue, at path: String, _ bound: Bound, unit: String) -> Double? {
        if case .number(let literal) = value, let number = Double(literal), number.isFinite {
            switch bound {
            case .nonNegative where number >= 0: return number
            case .positive where number > 0: return number
            default: break
            }
        }
        let requirement = bound == .positive ? "a positive number of" : "a number (0 or more) of"
        fail(path, "'\(path)' must be \(requirement) \(unit), got \(describe(value))")
        return nil
    }

    private mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue, at path: String
    )
        -> Choice?
    where Choice.RawValue == String {
        if case .string(let text) = value, let choice = Choice(rawValue: text) { return choice }
        let names = Choice.allCases.map(\.rawValue)
        fail(
            path,
            "'\(path)' must be one of \(quotedList(names)), got \(describe(value))"
                + suggestionSuffix(for: value, among: names))
        return nil
    }

    private func integer(_ value: JSONValue) -> Int? {
        guard case .number(let literal) = value else { return nil }
        if let integer = Int(literal) { return integer }
        if let double = Double(literal), double == double.rounded(), abs(double) < 0x1p53 { return Int(double) }
        return nil
    }

    private mutating func unknownKey(_ key: String, in parent: String, known: [String]) {
        let path = parent.isEmpty ? key : parent + "." + key
        if let suggestion = Suggestion.closest(to: key, in: known) {
            fail(path, "unknown key '\(path)' (did you mean '\(suggestion)'?)")
        } else {
            fail(
                path,
                "unknown key '\(path)' (known keys\(parent.isEmpty ? "" : " of '\(parent)'"): \(known.joined(separator: ", ")))"
            )
        }
    }

    private mutating func fail(_ keyPath: String?, _ message: String) {
        diagnostics.append(.init(keyPath: keyPath, message: message))
    }

    private func sorted(_ members: [String: JSONValue]) -> [(key: String, value: JSONValue)] {
        members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    private func quotedList(_ names: [String]) -> String {
        names.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    private func suggestionSuffix(for value: JSONValue, among names: [String]) -> String {
        guard case .string(let text) = value, let suggestion = Suggestion.closest(to: text, in: names) else {
            return ""
        }
        return " (did you mean \"\(suggestion)\"?)"
    }

    /// A short rendering of a value for messages: the JSON itself when short, else its kind.
    private func describe(_ value: JSONValue) -> String {
        let text = value.compact()
        if text.count <= 40 { return text }
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a long string"
        default: return String(text.prefix(40)) + "…"
        }
    }

    private func isHTTPURL(_ text: String) -> Bool {
        for scheme in ["http://", "https://"] where text.hasPrefix(scheme) {
            let rest = text.dropFirst(scheme.count)
            let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            return !host.isEmpty && !text.contains(" ")
        }
        return false
    }
}
