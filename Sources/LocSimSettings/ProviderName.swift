/// The registered name of a weather provider (`aeris`, `nws`, or one a library user registers),
/// as written in `--providers` and in `scenario.json`'s `providers`.
///
/// Names are open: whether a name is known is decided by the provider registry a run uses, not
/// by this type. A name is lowercase ASCII letters, digits and `-`, starting with a letter.
public struct ProviderName: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public let rawValue: String

    /// A name, or `nil` when `rawValue` is not a well-formed name.
    public init?(rawValue: String) {
        guard ProviderName.isWellFormed(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// A name from a literal; the literal must be well formed.
    public init(stringLiteral value: String) {
        precondition(ProviderName.isWellFormed(value), "'\(value)' is not a provider name")
        self.rawValue = value
    }

    public var description: String { rawValue }

    public static func < (lhs: ProviderName, rhs: ProviderName) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Lowercase ASCII letters, digits and `-`, starting with a letter, at most 64 characters.
    public static func isWellFormed(_ text: String) -> Bool {
        guard let first = text.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first),
            text.utf8.count <= 64
        else { return false }
        return text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-")
        }
    }
}
