/// A name from an open set — a provider's (`aeris`, `nws`, or one a library user registers) or
/// an endpoint's (`--base-url` keys) — as written on the command line and in `scenario.json`.
///
/// Whether a name is known is decided by what a run registers, not by this type. A name is
/// lowercase ASCII letters, digits and `-`, starting with a letter, at most 64 characters.
///
/// A literal (`"my-alerts"`, `ProviderName("my-alerts")`) is taken as written, even when it is
/// not well formed: registering or resolving such a name throws ``OpenNameError`` instead of
/// trapping. Use ``init(validating:)`` for a name from elsewhere.
public struct OpenName<Kind: OpenNameKind>: RawRepresentable, Sendable, Hashable, Comparable,
    CustomStringConvertible, ExpressibleByStringLiteral
{
    public let rawValue: String

    /// A name, or `nil` when `rawValue` is not well formed.
    public init?(rawValue: String) {
        guard Self.isWellFormed(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// A name from a literal, as written. One that is not well formed (``isWellFormed``) is
    /// refused, with ``OpenNameError``, where it is registered or resolved.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// A name, or ``OpenNameError`` saying what a name may contain.
    public init(validating text: String) throws(OpenNameError) {
        guard Self.isWellFormed(text) else { throw OpenNameError(text: text, noun: Kind.noun) }
        self.rawValue = text
    }

    /// Whether the name is lowercase ASCII letters, digits and `-`, starting with a letter, at
    /// most 64 characters (always true except for a literal).
    public var isWellFormed: Bool { Self.isWellFormed(rawValue) }

    /// The name itself, or ``OpenNameError`` when it is not well formed.
    public func validated() throws(OpenNameError) -> Self {
        try Self(validating: rawValue)
    }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Lowercase ASCII letters, digits and `-`, starting with a letter, at most 64 characters.
    public static func isWellFormed(_ text: String) -> Bool {
        let letters = UInt8(ascii: "a")...UInt8(ascii: "z")
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard let first = text.utf8.first, letters.contains(first), text.utf8.count <= 64 else { return false }
        return text.utf8.allSatisfy { letters.contains($0) || digits.contains($0) || $0 == UInt8(ascii: "-") }
    }
}

/// What an ``OpenName`` names, for messages.
public protocol OpenNameKind: Sendable {
    /// "provider name", "endpoint key".
    static var noun: String { get }
}
