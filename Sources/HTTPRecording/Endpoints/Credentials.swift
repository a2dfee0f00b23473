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

    /// The real values (not placeholders) with their variables, longest value first.
    public var secrets: [(variable: String, value: String)] {
        values.filter { $0.value.count >= 3 }.map { (variable: $0.key, value: $0.value) }
            .sorted { ($0.value.count, $0.variable) > ($1.value.count, $1.variable) }
    }

    /// `text` with every real value replaced by its placeholder (raw and percent-encoded): what
    /// messages carry.
    public func redact(_ text: String) -> String {
        var result = text
        for secret in secrets {
            for form in Redactor.encodings(of: secret.value) where result.contains(form) {
                result = result.replacingOccurrences(of: form, with: Credentials.placeholder(secret.variable))
            }
        }
        return result
    }
}
