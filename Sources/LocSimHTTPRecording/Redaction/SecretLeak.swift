import Foundation
public import LocSimCanonicalJSON
import LocSimSupport

/// A secret value from the environment found in a document about to be written. It names the
/// variable and where and how the value appears, never the value.
public struct SecretLeak: Sendable, Hashable, CustomStringConvertible {
    /// The environment variable whose value was found (`AERIS_CLIENT_SECRET`).
    public var variable: String
    /// Where: a JSON path such as `interactions[0].request.url`.
    public var location: String
    /// How: `raw`, `percent-encoded`, `form-encoded`, `JSON-escaped`, `XML-escaped`, or encoded
    /// first (`hex`, `base64`, `UTF-16LE`, `UTF-16BE`, `Latin-1`, `Windows-1252`, `Latin-1 mojibake`,
    /// `Windows-1252 mojibake`; then how that is escaped), `…, in a base64 body`.
    public var form: String
    /// Why redaction left it, when that is known (a value shorter than ``Redactor/safeLength``).
    public var reason: String?

    public init(variable: String, location: String, form: String, reason: String? = nil) {
        self.variable = variable
        self.location = location
        self.form = form
        self.reason = reason
    }

    public var description: String {
        "the value of \(variable) appears \(form) at \(location)" + (reason.map { " (\($0))" } ?? "")
    }
}

extension Redactor {
    /// Every place in `document` where a secret value survives: in any string (keys included)
    /// or number, raw, after percent- or form-decoding, or encoded (base64 at any alignment, hex,
    /// UTF-16, Latin-1, mojibake: ``SecretLeak/form``).
    public func leaks(in document: JSONValue) -> [SecretLeak] {
        let secrets = self.secrets
        guard !secrets.isEmpty else { return [] }
        var found: [SecretLeak] = []
        walk(document, location: "", secrets: secrets) { text, location in
            // A string found clean before, with the same secrets known, is clean still.
            if book.isKnownClean(text, secrets: secrets.count) { return }
            let before = found.count
            defer { if found.count == before { book.rememberClean(text, secrets: secrets.count) } }
            let searched = SearchedText(text)
            for (variable, value) in secrets {
                if let form = Redactor.form(of: value, in: searched) {
                    found.append(
                        SecretLeak(
                            variable: variable, location: location.isEmpty ? "(top level)" : location, form: form,
                            reason: Redactor.shortValueReason(value)))
                }
            }
        }
        return found
    }

    /// Every place in the file text `text` where a secret survives (parsed first; text that is not
    /// JSON is scanned as one string).
    public func leaks(inText text: String) -> [SecretLeak] {
        guard let document = try? JSONValue.parse(text) else { return leaks(in: .string(text)) }
        var found = leaks(in: document)
        for (variable, value) in self.secrets
        where found.allSatisfy({ $0.variable != variable }) && text.contains(value) {
            found.append(
                SecretLeak(
                    variable: variable, location: "(file text)", form: "raw", reason: Redactor.shortValueReason(value)))
        }
        return found
    }

    /// Why a value was left in place: it is too short to replace outside JSON string values
    /// without corrupting the recording.
    static func shortValueReason(_ value: String) -> String? {
        guard value.count < safeLength else { return nil }
        return "it has \(value.count) characters, fewer than \(safeLength): too short to replace without corrupting "
            + "the recording, so locsim refuses to record; use a longer key"
    }

    private func walk(
        _ value: JSONValue, location: String, secrets: [(variable: String, value: String)],
        visit: (String, String) -> Void
    ) {
        switch value {
        case .null, .bool: break
        case .number(let literal), .string(let literal): visit(literal, location)
        case .array(let values):
            for (index, element) in values.enumerated() {
                walk(element, location: "\(location)[\(index)]", secrets: secrets, visit: visit)
            }
        case .object(let members):
            for key in members.keys.sorted() {
                let shown = Redactor.form(of: key, inAny: secrets) ? "(a key holding a secret)" : key
                let path = location.isEmpty ? shown : "\(location).\(shown)"
                visit(key, path)
                walk(members[key]!, location: path, secrets: secrets, visit: visit)
            }
        }
    }

    private static func form(of key: String, inAny secrets: [(variable: String, value: String)]) -> Bool {
        let searched = SearchedText(key)
        return secrets.contains { form(of: $0.value, in: searched) != nil }
    }

    /// How `value` appears in `text`, or `nil`: `raw`, `percent-encoded`, `form-encoded`,
    /// `JSON-escaped`, `XML-escaped` (joined with "and" when mixed, with the number of layers
    /// when deeper than one), or one of its encoded spellings (``EncodedNeedle``: `hex`, `base64`,
    /// `UTF-16LE`, `Latin-1 mojibake` …, then how that is escaped), `in a base64 body` when found
    /// in what `text` decodes to as base64. The recogniser is ``SecretSpelling``, the same one
    /// redaction uses.
    static func form(of value: String, in text: String) -> String? {
        form(of: value, in: SearchedText(text))
    }

    /// ``form(of:in:)-(String,String)`` in a text prepared once for every secret.
    static func form(of value: String, in text: SearchedText) -> String? {
        if text.text.contains(value) { return "raw" }
        if let spelling = spelling(of: value, in: text.utf8) { return spelling }
        // A body stored as base64 (not UTF-8: a Latin-1 page, UTF-16, binary data): every spelling in it.
        if let decoded = text.base64, let spelling = spelling(of: value, in: decoded) {
            return "\(spelling), in a base64 body"
        }
        return nil
    }

    /// How `bytes` spell `value` (escaped, or encoded first), or `nil`.
    private static func spelling(of value: String, in bytes: SearchedText.Bytes) -> String? {
        if let match = firstSpelling(of: Array(value.utf8), in: bytes.bytes, spaceMayBePlus: value.contains(" ")) {
            return match.label
        }
        for needle in encodedNeedles(of: value, reading: bytes.reading) {
            if let match = SecretSpelling.first(of: needle.bytes, in: bytes.bytes, plusIsSpace: false) {
                let name = needle.encoding.rawValue
                return match.depth == 0 ? name : "\(name), then \(match.label)"
            }
        }
        return nil
    }

    /// The first spelling of `value` in `bytes`, trying `+` as a space too when `value` has one.
    static func firstSpelling(of value: [UInt8], in bytes: [UInt8], spaceMayBePlus: Bool) -> SecretSpelling.Match? {
        for plusIsSpace in spaceMayBePlus ? [false, true] : [false] {
            if let match = SecretSpelling.first(of: value, in: bytes, plusIsSpace: plusIsSpace) { return match }
        }
        return nil
    }
}

/// A text searched for every secret (``Redactor/form(of:in:)-(String,SearchedText)``): its UTF-8,
/// and what it decodes to as base64, each with how it may read as UTF-16 — found once for the
/// text rather than once a secret.
struct SearchedText {
    /// Bytes searched, and how they may read as UTF-16 (``Redactor/utf16Reading(of:)``).
    struct Bytes {
        let bytes: [UInt8]
        let reading: Redactor.UTF16Reading

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            reading = Redactor.utf16Reading(of: bytes)
        }
    }

    let text: String
    let utf8: Bytes
    /// What `text` (8 characters or more) decodes to as base64: a body stored that way.
    let base64: Bytes?

    /// `text`, whose UTF-8 is `utf8` when the caller has it.
    init(_ text: String, utf8: [UInt8]? = nil) {
        self.text = text
        self.utf8 = Bytes(utf8 ?? Array(text.utf8))
        base64 = text.utf8.count >= 8 ? Data(base64Encoded: text).map { Bytes(Array($0)) } : nil
    }
}
