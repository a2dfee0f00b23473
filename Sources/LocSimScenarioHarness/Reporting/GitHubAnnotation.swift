/// A GitHub Actions workflow command that marks a file and line in the run's summary and the
/// pull request: `::error file=Recordings/x/expected.jsonl,line=12::message`.
public struct GitHubAnnotation: Sendable, Hashable {
    /// The file, relative to the repository root.
    public var file: String
    /// 1-based line.
    public var line: Int?
    /// 1-based column.
    public var column: Int?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The command line (without the newline), escaped as GitHub's runner expects: `%`, CR and
    /// LF in the message; additionally `:` and `,` in property values.
    public var text: String {
        var properties = ["file=" + Self.escapeProperty(file)]
        if let line { properties.append("line=\(line)") }
        if let column { properties.append("col=\(column)") }
        return "::error " + properties.joined(separator: ",") + "::" + Self.escapeData(message)
    }

    /// Escapes a message (`%` → `%25`, CR → `%0D`, LF → `%0A`).
    public static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Escapes a property value: like ``escapeData(_:)`` plus `:` → `%3A` and `,` → `%2C`.
    public static func escapeProperty(_ text: String) -> String {
        var out = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
