import LocSimCanonicalJSON
import LocSimPluginOptions
public import LocSimSettings

extension ScenarioFile {
    /// The keys of a version-1 file that are not replay settings.
    static let fileKeys = ["version", "description", "track"]

    /// The top-level keys of a version-1 file read with `table`: the file's own, then each
    /// setting's first part.
    static func topLevelKeys(in table: [ReplaySettingSpec]) -> [String] {
        var keys = fileKeys
        for key in table.compactMap(\.key) {
            let first = String(key.prefix { $0 != "." })
            if !keys.contains(first) { keys.append(first) }
        }
        return keys
    }

    /// The keys of the object `parent` (`engine`) in `table`, sorted.
    static func keys(of parent: String, in table: [ReplaySettingSpec]) -> [String] {
        table.compactMap(\.key).filter { $0.hasPrefix(parent + ".") }.map {
            String($0.dropFirst(parent.count + 1))
        }.sorted()
    }
    /// Parses and validates the text of a `scenario.json`.
    ///
    /// - Parameters:
    ///   - file: the path shown in errors (`Recordings/franklin-la/scenario.json`).
    ///   - table: the settings the file may state: the run's app's (`ReplayApp.settingsTable`,
    ///     with its plug-ins' options), or ``ReplaySettingSpec/all`` (none).
    /// - Throws: ``ScenarioFileError`` listing every problem: a JSON syntax error with its line and
    ///   column; a missing or unsupported `version` (alone: other versions may have other keys);
    ///   otherwise every unknown key (with a suggestion for near misses), wrong type, value out of
    ///   range or unknown enum value, and a missing `track`; a problem inside a setting's value
    ///   (an `events` element) also gives the line and column of the value at fault.
    public static func parse(
        _ text: String, file: String, settings table: [ReplaySettingSpec] = ReplaySettingSpec.all
    ) throws(ScenarioFileError) -> ScenarioFile {
        let document: JSONValue
        do {
            document = try JSONValue.parse(text)
        } catch {
            throw ScenarioFileError(
                file: file,
                diagnostics: [.init(keyPath: nil, message: error.message, line: error.line, column: error.column)])
        }
        var validator = ScenarioValidator(table: table, text: Array(text.utf8))
        let parsed = validator.scenario(document)
        guard validator.diagnostics.isEmpty, let parsed else {
            throw ScenarioFileError(file: file, diagnostics: validator.diagnostics)
        }
        return parsed
    }

    /// Parses UTF-8 bytes (invalid sequences are replaced, then reported by the JSON reader if they
    /// matter).
    public static func parse(
        utf8 bytes: some Sequence<UInt8>, file: String, settings table: [ReplaySettingSpec] = ReplaySettingSpec.all
    ) throws(ScenarioFileError) -> ScenarioFile {
        try parse(String(decoding: Array(bytes), as: UTF8.self), file: file, settings: table)
    }
}

/// Checks a parsed `scenario.json` against schema version 1, collecting every problem.
struct ScenarioValidator {
    /// The settings the file may state.
    let table: [ReplaySettingSpec]
    /// The file's text, to point at a value inside a setting (``SettingProblem/keyPath``).
    let text: [UInt8]
    private(set) var diagnostics: [ScenarioFileError.Diagnostic] = []

    init(table: [ReplaySettingSpec], text: [UInt8]) {
        self.table = table
        self.text = text
    }

    /// The setting stored under key path `key`.
    private func spec(key: String) -> ReplaySettingSpec? { table.first { $0.key == key } }

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
            default:
                if let spec = spec(key: key) {
                    setting(spec, value, into: &file)
                } else if !ScenarioFile.keys(of: key, in: table).isEmpty {
                    section(key, value, into: &file)
                } else {
                    unknownKey(key, in: "", known: ScenarioFile.topLevelKeys(in: table))
                }
            }
        }
        if members["track"] == nil {
            fail("track", "missing required key 'track' (the GPX file, relative to the repository root)")
        }
        guard let track else { return nil }
        file.track = track
        return file
    }

    /// An object of settings (`engine`): each member is the setting `parent.member`.
    private mutating func section(_ parent: String, _ value: JSONValue, into file: inout ScenarioFile) {
        guard let members = object(value, at: parent) else { return }
        for (key, value) in sorted(members) {
            let path = parent + "." + key
            if let spec = spec(key: path) {
                setting(spec, value, into: &file)
            } else {
                unknownKey(key, in: parent, known: ScenarioFile.keys(of: parent, in: table))
            }
        }
    }

    private mutating func setting(_ spec: ReplaySettingSpec, _ value: JSONValue, into file: inout ScenarioFile) {
        let key = spec.key!
        if let problem = spec.apply(json: value, to: &file.settings) {
            var message = problem.message
            if let (given, candidates) = problem.suggestion,
                let suggestion = Suggestion.closest(to: given, in: candidates)
            {
                message += " (did you mean \"\(suggestion)\"?)"
            }
            if let inner = problem.keyPath, let place = JSONKeyLocation.find(keyPath: inner, in: text) {
                diagnostics.append(.init(keyPath: inner, message: message, line: place.line, column: place.column))
            } else {
                fail(key, message)
            }
        } else {
            file.statedKeys.insert(key)
        }
    }

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
        if path.split(separator: "/").contains("..") {
            fail("track", "'track' must stay inside the repository root, got \(describe(value))")
            return nil
        }
        return path
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

    private func integer(_ value: JSONValue) -> Int? {
        guard case .number(let literal) = value else { return nil }
        if let integer = Int(literal) { return integer }
        if let double = Double(literal), double == double.rounded(), abs(double) < 0x1p53 { return Int(double) }
        return nil
    }

    private mutating func unknownKey(_ key: String, in parent: String, known: [String]) {
        let path = parent.isEmpty ? key : parent + "." + key
        if let suggestion = Suggestion.closest(to: key, in: known) {
            fail(path, "unknown key '\(path)' (did you mean '\(parent.isEmpty ? "" : parent + ".")\(suggestion)'?)")
        } else {
            fail(
                path,
                "unknown key '\(path)' (known keys\(parent.isEmpty ? "" : " of '\(parent)'"): \(known.joined(separator: ", ")))"
            )
        }
    }

    /// A problem with the value at `keyPath`, at its line and column in the file when it is there.
    private mutating func fail(_ keyPath: String?, _ message: String) {
        let place = keyPath.flatMap { JSONKeyLocation.find(keyPath: $0, in: text) }
        diagnostics.append(.init(keyPath: keyPath, message: message, line: place?.line, column: place?.column))
    }

    private func sorted(_ members: [String: JSONValue]) -> [(key: String, value: JSONValue)] {
        members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    /// A short rendering of a value for messages.
    private func describe(_ value: JSONValue) -> String { value.brief }
}
