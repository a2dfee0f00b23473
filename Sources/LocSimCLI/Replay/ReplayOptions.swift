import LocSimGeocoding
import LocSimReplay
import LocSimSettings
import LocSimSupport

/// The engine, playback, geocoder, provider and plug-in options shared by `replay`, `plot`,
/// `export` and `scenario new`: generated from the app's settings table
/// (``LocSimReplay/ReplayApp/settingsTable``) that `scenario.json` is read with too, and their
/// translation into a ``ReplayConfiguration``.
enum ReplayOptions {
    /// The defaults every flag shows and falls back to: ``ReplaySettings``', shared with `scenario.json`.
    static let defaults = ReplaySettings()

    /// The options of `app`'s settings, in `--help` order: its registries' names in the help
    /// lines and values, its plug-ins' own options beside the settings they go with.
    /// The ``ReplaySettingSpec/live`` settings (`--http-timeout`) are not among them: each command
    /// that goes live lists them beside its other live options (``liveOptions``).
    static func options(for app: ReplayApp) -> [OptionSpec] {
        let live = Set(ReplaySettingSpec.live.compactMap(\.flag))
        return app.settingsTable.filter { $0.flag.map { !live.contains($0) } ?? true }.compactMap(option)
    }

    /// The options of the settings a command that goes live takes beside `--live` or `--record`
    /// (``ReplaySettingSpec/live``: `--http-timeout`), read with ``settings(_:over:table:)``.
    static let liveOptions: [OptionSpec] = ReplaySettingSpec.live.compactMap(option)

    /// The option a setting is on the command line, or `nil` for a scenario-only setting.
    static func option(_ setting: ReplaySettingSpec) -> OptionSpec? {
        switch setting.commandLine {
        case .option(let name, let valueName, let repeatable):
            .option(
                name, value: valueName, help: setting.help,
                default: setting.showsDefault ? setting.text(of: defaults) : nil, values: setting.choices,
                repeatable: repeatable, checksValues: !setting.hasOpenChoices)
        case .flag(let name, _):
            .flag(name, help: setting.help)
        case .none:
            nil
        }
    }

    /// Builds the configuration from parsed options for `app`; bad values are usage errors naming
    /// the option, with "Did you mean" for names (`--providers aries`).
    static func configuration(
        _ parsed: ParsedCommand, environment: [String: String], app: ReplayApp
    ) throws(UsageError) -> ReplayConfiguration {
        try configuration(settings(parsed, app: app), parsed, environment: environment, app: app)
    }

    /// The configuration of `settings` for `app`; refusals are usage errors naming the option.
    static func configuration(
        _ settings: ReplaySettings, _ parsed: ParsedCommand, environment: [String: String], app: ReplayApp
    ) throws(UsageError) -> ReplayConfiguration {
        do throws(ReplaySettingsError) {
            return try settings.configuration(app: app, environment: environment)
        } catch {
            throw usageError(error, parsed)
        }
    }

    /// The settings the flags describe with `app`'s table, over `base` (default:
    /// ``ReplaySettings``' defaults; a scenario's settings with `--scenario`).
    static func settings(
        _ parsed: ParsedCommand, over base: ReplaySettings = ReplaySettings(), app: ReplayApp
    ) throws(UsageError)
        -> ReplaySettings
    {
        // Every command that calls this takes ``options(for:)``; `replay` and `plot` take the live ones too.
        try settings(parsed, over: base, table: app.settingsTable.filter { $0.flag.map(parsed.spec.declares) ?? false })
    }

    /// The settings of `table` the flags describe, over `base`; a command reads only the options
    /// it declares (a flag it does not take is never specified).
    static func settings(
        _ parsed: ParsedCommand, over base: ReplaySettings = ReplaySettings(), table: [ReplaySettingSpec]
    ) throws(UsageError) -> ReplaySettings {
        var settings = base
        for setting in table {
            switch setting.commandLine {
            case .flag(let name, _):
                if parsed.flag(name) { setting.applyFlag(to: &settings) }
            case .option(let name, _, _):
                guard parsed.isSpecified(name) else { continue }
                _ = try parsed.values(name, expected: setting.expected, suggesting: setting.suggestions) { text in
                    setting.apply(argument: text, to: &settings) ? () : nil
                }
            case .none:
                break
            }
        }
        return settings
    }

    /// A setting the pipeline refuses, as a usage error that names the option, explains, and
    /// suggests the closest accepted spelling.
    static func usageError(_ error: ReplaySettingsError, _ parsed: ParsedCommand) -> UsageError {
        guard let value = error.value else { return parsed.usageError(error.message) }
        // A name a registry resolves (`--geocoder`), refused as the parser refuses a closed choice.
        if let option = parsed.spec.option(named: error.option), !option.checksValues,
            parsed.strings(error.option).last == value
        {
            return parsed.usageError(option.invalidValueMessage(value, allowed: error.validValues))
        }
        var synopsis = error.option
        var given = value
        if let option = parsed.spec.option(named: error.option), !option.isFlag {
            synopsis = option.quotedSynopsis
            given = parsed.strings(error.option).last { $0.contains(value) } ?? value
        }
        var message = "The value '\(given)' is invalid for '\(synopsis)': \(error.message)."
        if !value.isEmpty, let suggestion = value.closest(among: error.validValues), suggestion != value {
            message += " Did you mean '\(suggestion)'?"
        }
        return parsed.usageError(message)
    }
}
