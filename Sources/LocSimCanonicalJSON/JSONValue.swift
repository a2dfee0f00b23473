/// A JSON value that keeps numbers as their literal text, so that what is read is written back
/// unchanged and every serialization is deterministic (keys sorted by UTF-8 bytes).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number kept as its JSON literal (`"29.796500"`, `"-2"`, `"1e3"`).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// An integer number.
    public static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A number printed with exactly `decimals` digits after the point (`-0` is printed as `0`).
    public static func fixed(_ value: Double, decimals: Int) -> JSONValue {
        .number(formatFixed(value, decimals: decimals))
    }

    /// A number printed in Swift's shortest round-tripping form (integral values without `.0`).
    public static func double(_ value: Double) -> JSONValue {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return .number(String(Int(value))) }
        return .number(String(value))
    }

    /// The member `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string payload, or `nil` for other cases.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as a `Double` (also accepts numeric strings such as OpenWeatherMap's `"cod":"200"`).
    public var doubleValue: Double? {
        switch self {
        case .number(let literal), .string(let literal): return Double(literal)
        default: return nil
        }
    }

    /// The array payload, or `nil`.
    public var arrayValue: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    /// The bool payload, or `nil`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }
}

/// Formats `value` with exactly `decimals` fraction digits, half away from zero, without Foundation.
package func formatFixed(_ value: Double, decimals: Int) -> String {
    precondition(decimals >= 0 && decimals <= 12, "decimals out of range")
    guard value.isFinite else { return "0" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled < 9.0e15 else { return String(value) }
    let units = UInt64(scaled)
    var digits = String(units)
    if decimals > 0 {
        if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
    }
    return (value < 0 && units != 0 ? "-" : "") + digits
}
