/// A bad value for a weather or push option (`--providers`, `--base-url`, `--advisory`,
/// `--push-endpoint`). Carries what a CLI needs for a usage error with "Did you mean …?".
public struct WeatherConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The option the value belongs to, as spelled on the command line (`--providers`).
    public var option: String
    /// The offending item (`aries`), not the whole argument.
    public var value: String
    /// Every accepted spelling, in documentation order: candidates for "Did you mean …?".
    public var validValues: [String]
    /// A one-line explanation naming the bad item and the accepted values.
    public var message: String

    public init(option: String, value: String, validValues: [String], message: String) {
        self.option = option
        self.value = value
        self.validValues = validValues
        self.message = message
    }

    public var description: String { message }
}
