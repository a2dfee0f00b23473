/// A replay setting that cannot be used, naming the command-line option it comes from.
public struct ReplaySettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The option (`--speed`), or the `scenario.json` key path for settings only a scenario has.
    public var option: String
    /// What is wrong, naming the option (`'--speed' must be a speed > 0 in m/s`).
    public var message: String

    public init(option: String, message: String) {
        self.option = option
        self.message = message
    }

    public var description: String { message }
}
