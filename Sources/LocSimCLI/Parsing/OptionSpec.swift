import LocSimSupport

/// A named option (`--format <format>`) or flag (`--no-noise`) of a command.
///
/// Names are written as typed on the command line: `long` is `--format`, `short` is `-f`.
/// Build specs with ``option(_:short:value:help:default:values:repeatable:required:checksValues:)`` and
/// ``flag(_:short:help:)``.
package struct OptionSpec: Sendable, Hashable {
    /// The long name including its dashes, e.g. `--distance-filter`.
    package var long: String
    /// The optional one-letter name including its dash, e.g. `-o`.
    package var short: String?
    /// The name of the value between angle brackets (`<format>`), or `nil` for a flag.
    package var valueName: String?
    /// The description shown in the `OPTIONS:` section.
    package var help: String
    /// The value used when the option is absent; shown as `(default: …)`.
    package var defaultValue: String?
    /// When not empty, the only values accepted (unless ``checksValues`` is false); shown as
    /// `(values: …)`.
    package var allowedValues: [String]
    /// Whether the parser refuses a value outside ``allowedValues``. `false` when the command
    /// resolves the value itself against a registry the app can extend (`--geocoder`): help
    /// still lists the built-in values.
    package var checksValues = true
    /// Whether the option may be given several times (`--base-url a=… --base-url b=…`).
    package var isRepeatable: Bool
    /// Whether the option must be given.
    package var isRequired: Bool

    package init(
        long: String,
        short: String? = nil,
        valueName: String?,
        help: String,
        defaultValue: String? = nil,
        allowedValues: [String] = [],
        isRepeatable: Bool = false,
        isRequired: Bool = false
    ) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.help = help
        self.defaultValue = defaultValue
        self.allowedValues = allowedValues
        self.isRepeatable = isRepeatable
        self.isRequired = isRequired
    }

    /// An option that takes a value: `--format <format>` or `--format=<format>`.
    package static func option(
        _ long: String,
        short: String? = nil,
        value valueName: String,
        help: String,
        default defaultValue: String? = nil,
        values allowedValues: [String] = [],
        repeatable: Bool = false,
        required: Bool = false,
        checksValues: Bool = true
    ) -> OptionSpec {
        var option = OptionSpec(
            long: long,
            short: short,
            valueName: valueName,
            help: help,
            defaultValue: defaultValue,
            allowedValues: allowedValues,
            isRepeatable: repeatable,
            isRequired: required
        )
        option.checksValues = checksValues
        return option
    }

    /// A flag that takes no value and is either present or absent: `--no-noise`.
    package static func flag(_ long: String, short: String? = nil, help: String) -> OptionSpec {
        OptionSpec(long: long, short: short, valueName: nil, help: help)
    }

    /// Whether this is a flag (takes no value).
    package var isFlag: Bool {
        valueName == nil
    }

    /// "The value … is invalid for '--format <format>'. Please provide one of …." with "Did you
    /// mean" for a likely typo, in swift-argument-parser's wording (`'a' and 'b'`, `'a', 'b' or 'c'`).
    func invalidValueMessage(_ value: String, allowed: [String]) -> String {
        let list = ListText.joined(allowed, quote: "'", pairConjunction: "and")
        return "The value '\(value)' is invalid for '\(quotedSynopsis)'. Please provide one of \(list)."
            + (value.closest(among: allowed, maximumDistance: 1, editsPerCharacters: 4).map {
                " Did you mean '\($0)'?"
            } ?? "")
    }

    /// Whether the value is a file or folder (`<file>`, `<dir>`, `<file.svg>`, `<file|dir>`),
    /// which the parser refuses empty.
    var namesAPath: Bool {
        guard let valueName else { return false }
        return valueName.split(separator: "|").contains { $0 == "file" || $0 == "dir" || $0.hasPrefix("file.") }
    }

    /// The long name with its value, as errors quote it: `--format <format>`.
    var quotedSynopsis: String {
        valueName.map { "\(long) <\($0)>" } ?? long
    }
}
