public import LocSimCanonicalJSON
public import LocSimPluginOptions

/// One replay setting as both the command line and `scenario.json` spell it: the flag, the key
/// path, the help line and how its value is read and written. ``table(for:)`` (for a run's app:
/// `ReplayApp.settingsTable`) is the one table the `locsim replay` options, the scenario parser
/// and the scenario writer are generated from, so a new built-in setting is a property of
/// ``ReplaySettings`` plus one row there, and a plug-in's is a ``PluginOption`` it declares.
public struct ReplaySettingSpec: Sendable {
    /// How the command line takes the setting.
    public enum CommandLine: Sendable {
        /// `--interval <s>` (repeatable: every value is applied in order).
        case option(String, valueName: String, repeatable: Bool = false)
        /// `--no-noise`: present sets the value to `value`.
        case flag(String, value: Bool)
        /// Not on the command line (only `scenario.json`).
        case none
    }

    /// How the command line takes it.
    public let commandLine: CommandLine
    /// The `scenario.json` key path (`playback.interval`), or `nil` for a command-line-only setting.
    public let key: String?
    /// The `--help` line.
    public let help: String
    /// The accepted names, when the value is one of a few (`--help` lists them).
    public let choices: [String]
    /// Whether ``choices`` are only the built-in names of a registry the run's app can extend
    /// (`--geocoder`): any well-formed name is read, and the registry refuses an unknown one.
    public internal(set) var hasOpenChoices = false
    /// Names a mistyped value is compared with for "Did you mean" (default: ``choices``).
    public let suggestions: [String]
    /// Whether `--help` shows the default.
    public let showsDefault: Bool
    /// What a valid command-line value is, for "Expected …".
    public internal(set) var expected: String

    private let parseArgument: @Sendable (inout ReplaySettings, String) -> Bool
    private let setFlag: @Sendable (inout ReplaySettings, Bool) -> Void
    private let readJSON: @Sendable (inout ReplaySettings, JSONValue, String) -> SettingProblem?
    private let writeJSON: @Sendable (ReplaySettings) -> JSONValue
    private let currentText: @Sendable (ReplaySettings) -> String

    /// A setting stored at `keyPath`, read and written with `codec`.
    public init<Value>(
        _ keyPath: any WritableKeyPath<ReplaySettings, Value> & Sendable, _ commandLine: CommandLine, key: String?,
        codec: SettingCodec<Value>, help: String, choices: [String] = [], suggestions: [String]? = nil,
        showsDefault: Bool = true, merge: (@Sendable (Value, Value) -> Value)? = nil
    ) {
        self.suggestions = suggestions ?? choices
        self.commandLine = commandLine
        self.key = key
        self.help = help
        self.choices = choices
        self.showsDefault = showsDefault
        self.expected = codec.expected
        parseArgument = { settings, argument in
            guard let value = codec.parse(argument) else { return false }
            settings[keyPath: keyPath] = merge.map { $0(settings[keyPath: keyPath], value) } ?? value
            return true
        }
        setFlag = { settings, flag in
            if let value = flag as? Value { settings[keyPath: keyPath] = value }
        }
        readJSON = { settings, json, path in
            switch codec.read(json, path) {
            case .success(let value):
                settings[keyPath: keyPath] = value
                return nil
            case .failure(let problem):
                return problem
            }
        }
        writeJSON = { codec.write($0[keyPath: keyPath]) }
        currentText = { codec.text($0[keyPath: keyPath]) }
    }

    /// The command-line name (`--interval`), or `nil`.
    public var flag: String? {
        switch commandLine {
        case .option(let name, _, _), .flag(let name, _): name
        case .none: nil
        }
    }

    /// Applies one command-line value; `false` when it is not valid (see ``expected``).
    public func apply(argument: String, to settings: inout ReplaySettings) -> Bool {
        parseArgument(&settings, argument)
    }

    /// Applies the flag's presence.
    public func applyFlag(to settings: inout ReplaySettings) {
        if case .flag(_, let value) = commandLine { setFlag(&settings, value) }
    }

    /// Applies a `scenario.json` value found at ``key``; the problem when it is not valid.
    public func apply(json: JSONValue, to settings: inout ReplaySettings) -> SettingProblem? {
        readJSON(&settings, json, key ?? "")
    }

    /// The value as `scenario.json` stores it.
    public func json(of settings: ReplaySettings) -> JSONValue { writeJSON(settings) }

    /// The value as typed on the command line (`1`, `kilometer`, `aeris`): help's default.
    public func text(of settings: ReplaySettings) -> String { currentText(settings) }
}
