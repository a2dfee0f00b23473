import Foundation

/// The secret values of a run, read from the environment only: each declared variable's value,
/// or its placeholder (`<AERIS_CLIENT_ID>`) when absent or empty, so that replayed requests look
/// exactly like the recorded ones and no secret is needed offline.
public struct Credentials: Sendable, Hashable {
    private var values: [String: String]
    /// Declared variables that were absent or empty and hold their placeholder, in declaration order.
    public private(set) var missingVariables: [String]

    /// Reads every variable of `declarations` from `environment`.
    public init(declarations: [SecretDeclaration], environment: [String: String]) {
        var values: [String: String] = [:]
        var missing: [String] = []
        for variable in declarations.map(\.variable) where values[variable] == nil && !missing.contains(variable) {
            if let value = environment[variable], !value.isEmpty {
                values[variable] = value
            } else {
                missing.append(variable)
            }
        }
        self.values = values
        self.missingVariables = missing
    }

    /// Placeholders everywhere: what an offline replay and every scenario run use.
    public static let placeholders = Credentials(declarations: [], environment: [:])

    /// The value of `variable`, or its placeholder `<VARIABLE>`.
    public subscript(variable: String) -> String {
        values[variable] ?? Credentials.placeholder(variable)
    }

    /// `<NAME>`, the placeholder for variable `NAME`.
    public static func placeholder(_ variable: String) -> String { "<\(variable)>" }

    /// `text` with every real value replaced by its placeholder in every spelling (raw,
    /// percent-encoded, `\u`-escaped, base64): what messages carry. The same redaction as
    /// ``Redactor/redactText(_:)``, for this run's values.
    public func redact(_ text: String) -> String {
        guard !values.isEmpty else { return text }
        let declarations = values.keys.sorted().map { SecretDeclaration(variable: $0) }
        return Redactor(declarations: declarations, environment: values).redactText(text)
    }
}
