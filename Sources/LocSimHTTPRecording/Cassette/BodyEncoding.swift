import Foundation
package import LocSimCanonicalJSON

/// How a body is stored in a cassette, named by the `bodyEncoding` key beside `body`.
///
/// - `json`: the body is a JSON document, stored as that JSON value (readable in review). It
///   replays as compact JSON with sorted keys and numbers kept verbatim.
/// - `text`: UTF-8 text (`text/*`, XML, forms, JSON that does not parse), stored as a string.
/// - `base64`: anything else (not UTF-8, or a binary media type), stored as a base64 string.
///
/// The sibling key keeps the scheme unambiguous: a JSON body that happens to be a string or an
/// object with a `base64` member is still just `"bodyEncoding": "json"`.
package enum BodyEncoding: String, Sendable, Hashable, CaseIterable {
    case json
    case text
    case base64

    /// Chooses the encoding for `body` given its `Content-Type` (or `nil`) and returns the stored
    /// value. Empty bodies are the empty string.
    public static func encode(_ body: [UInt8], contentType: String?) -> (value: JSONValue, encoding: BodyEncoding) {
        if body.isEmpty { return (.string(""), .text) }
        let kind = MediaKind(contentType)
        // Validated once, not decoded with repairs: repairing binary data costs a thrown error
        // per invalid sequence inside the standard library, and a Swift Testing process captures
        // a backtrace for each (seconds per megabyte).
        guard let text = String(validating: body, as: UTF8.self) else {
            return (.string(Data(body).base64EncodedString()), .base64)
        }
        if kind == .json || kind == .unknown, let value = try? JSONValue.parse(utf8: body) {
            switch value {
            case .object, .array: return (value, .json)
            default: if kind == .json { return (value, .json) }
            }
        }
        if kind == .text || kind == .json || (kind == .unknown && isPlainText(text)) {
            return (.string(text), .text)
        }
        return (.string(Data(body).base64EncodedString()), .base64)
    }

    /// The bytes `value` stands for under this encoding; `nil` when the value does not fit it
    /// (a `text` body that is not a string, base64 that does not decode).
    public func decode(_ value: JSONValue) -> [UInt8]? {
        switch self {
        case .json: return Array(value.compact().utf8)
        case .text: return value.stringValue.map { Array($0.utf8) }
        case .base64:
            guard let string = value.stringValue, let data = Data(base64Encoded: string) else { return nil }
            return Array(data)
        }
    }

    /// The bytes a body will have after a trip through a cassette: what a replay returns.
    public static func normalize(_ body: [UInt8], contentType: String?) -> [UInt8] {
        let (value, encoding) = encode(body, contentType: contentType)
        return encoding.decode(value) ?? body
    }

    private static func isPlainText(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\n" || $0 == "\r" || $0 == "\t" }
    }
}

/// The broad family of a `Content-Type`, for choosing a body encoding.
enum MediaKind: Sendable, Hashable {
    case json, text, binary, unknown

    init(_ contentType: String?) {
        guard let contentType else {
            self = .unknown
            return
        }
        let type =
            contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if type == "application/json" || type == "text/json" || type.hasSuffix("+json") {
            self = .json
        } else if type.hasPrefix("text/") || type.hasSuffix("/xml") || type.hasSuffix("+xml")
            || ["application/x-www-form-urlencoded", "application/javascript", "application/ecmascript"].contains(type)
        {
            self = .text
        } else if type.hasPrefix("image/") || type.hasPrefix("audio/") || type.hasPrefix("video/")
            || type.hasPrefix("font/") || type.hasPrefix("application/")
        {
            self = .binary
        } else {
            self = .unknown
        }
    }
}
