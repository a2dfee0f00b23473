/// A replay setting that cannot be used, naming the command-line option it comes from.
public struct ReplaySettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The option (`--speed`), or the `scenario.json` key path for settings only a scenario has.
    public var option: String
    /// What is wrong, naming the option (`'--speed' must be a speed > 0 in m/s`).
    public var message: String
    /// The offending item (`aries`), when the value is one of a set of names.
    public var value: String?
    /// Every accepted spelling, for "Did you mean …?".
    public var validValues: [String]

    public init(option: String, message: String, value: String? = nil, validValues: [String] = []) {
        self.option = option
        self.message = message
        self.value = value
        self.validValues = validValues
    }

    public var description: String { message }
}
