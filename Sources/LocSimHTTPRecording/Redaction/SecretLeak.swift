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
    /// How: `raw`, `percent-encoded`, `form-encoded`, `JSON-escaped` or `base64`.
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
    /// or number, raw, after percent- or form-decoding, or base64-encoded at any alignment.
    public func leaks(in document: JSONValue) -> [SecretLeak] {
        let secrets = self.secrets
        guard !secrets.isEmpty else { return [] }
        var found: [SecretLeak] = []
        walk(document, location: "", secrets: secrets) { text, location in
            // A string found clean before, with the same secrets known, is clean still.
            if book.isKnownClean(text, secrets: secrets.count) { return }
            let before = found.count
            defer { if found.count == before { book.rememberClean(text, secrets: secrets.count) } }
            for (variable, value) in secrets {
                if let form = Redactor.form(of: value, in: text) {
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
        secrets.contains { form(of: $0.value, in: key) != nil }
    }

    /// How `value` appears in `text`, or `nil`: `raw`, `percent-encoded`, `form-encoded`,
    /// `JSON-escaped`, `XML-escaped` (joined with "and" when mixed, with the number of layers
    /// when deeper than one), or `base64` (then how the base64 text is escaped). The recogniser
    /// is ``SecretSpelling``, the same one redaction uses.
    static func form(of value: String, in text: String) -> String? {
        if text.contains(value) { return "raw" }
        let bytes = Array(text.utf8)
        if let match = firstSpelling(of: Array(value.utf8), in: bytes, spaceMayBePlus: value.contains(" ")) {
            return match.label
        }
        for needle in encodedNeedles(of: value) {
            if let match = SecretSpelling.first(of: Array(needle.utf8), in: bytes, plusIsSpace: false) {
                // A hex needle is two characters a byte; a base64 one, four every three.
                let encoding = needle.utf8.count == 2 * value.utf8.count ? "hex" : "base64"
                return match.depth == 0 ? encoding : "\(encoding), then \(match.label)"
            }
        }
        // A body stored as base64 (not UTF-8: a Latin-1 page, binary data): every spelling in it.
        if text.count >= 8, let decoded = Data(base64Encoded: text),
            let match = firstSpelling(of: Array(value.utf8), in: Array(decoded), spaceMayBePlus: value.contains(" "))
        {
            return "\(match.label), in a base64 body"
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

    /// What `value` looks like encoded whole: its UTF-8 in hex (either case: a service echoing
    /// a value as a digest's input or a debug dump), then the base64 characters that encode it
    /// whatever its byte offset in the encoded data (three alignments), in the standard and the
    /// URL-safe alphabet, for the value and for each escaped form it takes before it is encoded
    /// (``base64Sources(of:)``). Only base64 characters fully determined by the value's bits are kept.
    static func encodedNeedles(of value: String) -> [String] {
        if let known = needleCache.withLock({ $0[value] }) { return known }
        let needles = hexNeedles(of: value) + makeBase64Needles(of: value)
        needleCache.withLock { cache in
            if cache.count >= 1024 { cache.removeAll() }  // a run has a few secrets; never unbounded
            cache[value] = needles
        }
        return needles
    }

    /// ``encodedNeedles(of:)`` by value: every string redacted or checked asks for each secret's
    /// needles, and each is a dozen base64 encodings.
    private static let needleCache = Locked<[String: [String]]>([:])

    /// `value`'s UTF-8 in lower- and upper-case hex.
    private static func hexNeedles(of value: String) -> [String] {
        let digits = Array("0123456789abcdef".utf8)
        var lower: [UInt8] = []
        for byte in value.utf8 { lower += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        let text = String(decoding: lower, as: UTF8.self)
        let upper = text.uppercased()
        return upper == text ? [text] : [text, upper]
    }

    private static func makeBase64Needles(of value: String) -> [String] {
        var needles: [String] = []
        for bytes in base64Sources(of: value) {
            for offset in 0..<3 {
                let encoded = Array(Data(Array(repeating: 0, count: offset) + bytes).base64EncodedString().utf8)
                let first = (8 * offset + 5) / 6
                let end = (8 * (offset + bytes.count)) / 6
                guard end - first >= 4 else { continue }
                let needle = String(decoding: encoded[first..<end], as: UTF8.self)
                needles.append(needle)
                let urlSafe = needle.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                if urlSafe != needle { needles.append(urlSafe) }
            }
        }
        return needles
    }

    /// `value`, then the distinct escaped forms it takes in a form, a query or a JSON string —
    /// what a service echoing a request back in base64 encodes: percent-encoded (every byte but
    /// letters and digits, as URLSession's form bodies, or every byte outside RFC 3986's
    /// unreserved set; either hex case), form-encoded (a space as `+`), JSON-escaped (with `/`
    /// as `\/`, as Foundation writes it, or as is).
    static func base64Sources(of value: String) -> [[UInt8]] {
        let raw = Array(value.utf8)
        var sources = [raw]
        func add(_ source: [UInt8]) { if !sources.contains(source) { sources.append(source) } }
        let alphanumeric = { (byte: UInt8) in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
        let unreserved = { (byte: UInt8) in alphanumeric(byte) || Array("-._~".utf8).contains(byte) }
        for keeps in [alphanumeric, unreserved] {
            for digits in ["0123456789ABCDEF", "0123456789abcdef"].map({ Array($0.utf8) }) {
                var percent: [UInt8] = []
                var form: [UInt8] = []
                for byte in raw {
                    if keeps(byte) {
                        percent.append(byte)
                        form.append(byte)
                        continue
                    }
                    let escaped = [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
                    percent += escaped
                    form += byte == 0x20 ? [UInt8(ascii: "+")] : escaped
                }
                add(percent)
                add(form)
            }
        }
        for slash in [false, true] {
            var json: [UInt8] = []
            for byte in raw {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): json += [UInt8(ascii: "\\"), byte]
                case UInt8(ascii: "/") where slash: json += [UInt8(ascii: "\\"), byte]
                default: json.append(byte)
                }
            }
            add(json)
        }
        return sources
    }
}
