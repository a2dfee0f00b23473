import Foundation
import LocSimCanonicalJSON
import LocSimSupport

/// Replaces secrets in requests and responses by placeholders before anything is written or
/// printed.
///
/// Two passes:
/// 1. By name: the secret query parameters and form fields and the secret headers
///    (``isSecretHeader(_:)``) get the placeholder of the ``SecretDeclaration`` that names them
///    (`client_secret` on an Aeris host → `<AERIS_CLIENT_SECRET>`, `appid` → `<OWM_APPID>`,
///    `X-Parse-REST-API-Key` → `<PARSE_REST_API_KEY>`), or `<REDACTED_NAME>` when no
///    declaration does. The services declare their secrets; this type knows no provider.
///    E-mail addresses in `User-Agent` and `From` become `<REDACTED_EMAIL>`.
/// 2. Structurally, in JSON bodies: every string literal that holds a secret value (raw,
///    percent-encoded or written with `\u` escapes) is rewritten with `<VARIABLE_NAME>` in its
///    place; nothing outside string literals (`true`, numbers, punctuation) is ever touched.
/// 3. By value, elsewhere (a URL, a header, a body that is not JSON): a secret value of at least
///    ``safeLength`` characters is replaced wherever it is still spelled (raw, percent-encoded,
///    form-encoded or JSON-escaped) by `<VARIABLE_NAME>`. A shorter value (`true`, `http`) is not
///    replaced, since it would hit syntax: it survives, and the leak check refuses the file.
///
/// ``leaks(in:)`` then checks a whole cassette, decoding every string, for anything that survived
/// (including base64 and JSON escapes); the recorder refuses to write when it finds something.
/// ``redactText(_:)`` is the redaction of what is printed (stdout, messages, maps, reports).
public struct Redactor: Sendable {
    /// Query parameter and form field names whose values are secrets whoever declares them
    /// (compared case-insensitively); declared parameters are added to these.
    public static let genericSecretParameters: Set<String> = [
        "client_id", "client_secret", "appid", "key", "api_key", "apikey", "token", "access_token",
    ]

    /// The shortest secret value replaced in raw text (URLs, headers, bodies that are not JSON):
    /// 8 characters. A shorter one could be a word or a piece of syntax (`true`, `http`); a
    /// recording where it appears is refused instead of being corrupted.
    public static let safeLength = 8

    /// What the services of the run declare they send.
    public let declarations: [SecretDeclaration]
    /// The secrets found in the environment: variable name and value, longest value first.
    public let secrets: [(variable: String, value: String)]
    private let secretParameters: Set<String>
    private let declaredHeaders: Set<String>
    /// Rules out, in one scan, printed text that holds no spelling of any secret.
    let printedFilter: NeedleFilter

    /// A redactor for the secrets `declarations` name (their values read from `environment`).
    public init(declarations: [SecretDeclaration], environment: [String: String]) {
        self.declarations = declarations
        var seen: Set<String> = []
        secrets = declarations.map(\.variable).filter { seen.insert($0).inserted }.compactMap { name in
            guard let value = environment[name], value.count >= 4 else { return nil }
            return (name, value)
        }.sorted { ($0.value.count, $0.variable) > ($1.value.count, $1.variable) }
        secretParameters = Redactor.genericSecretParameters.union(
            declarations.flatMap(\.queryParameters).map { $0.lowercased() })
        declaredHeaders = Set(declarations.flatMap(\.headers).map { $0.lowercased() })
        printedFilter = NeedleFilter(
            needles: secrets.flatMap { [$0.value] + Redactor.base64Needles(of: $0.value) })
    }

    /// Whether header `name` carries a secret: `Authorization`, `Proxy-Authorization`, `Cookie`,
    /// `Set-Cookie`, `X-Api-Key`, every `X-Parse-*` and every header a declaration names.
    /// Headers a declaration names are secret too.
    public func isSecretHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"].contains(lower)
            || lower.hasPrefix("x-parse-") || declaredHeaders.contains(lower)
    }

    /// `request` with its secrets replaced in the URL, the headers and the body.
    public func redact(_ request: HTTPRequest) -> HTTPRequest {
        var copy = request
        let host = URLParts(request.url).host
        copy.url = redact(url: request.url)
        copy.headers = redact(headers: request.headers, host: host)
        if request.header("Content-Type")?.lowercased().contains("application/x-www-form-urlencoded") == true {
            let form = String(decoding: request.body, as: UTF8.self)
            copy.body = Array(redactQuery(form, host: host).utf8)
        }
        copy.body = scrub(bytes: copy.body)
        return copy
    }

    /// `response` with secret headers (`Set-Cookie` …) and any secret value in the body replaced.
    public func redact(_ response: HTTPResponse) -> HTTPResponse {
        var copy = response
        copy.headers = redact(headers: response.headers, host: "")
        copy.body = scrub(bytes: response.body)
        return copy
    }

    /// `url` with secret query parameters replaced by placeholders (other parameters keep their
    /// exact spelling) and any remaining secret value replaced.
    public func redact(url: String) -> String {
        var base = Substring(url)
        var fragment: Substring = ""
        if let hash = base.firstIndex(of: "#") {
            fragment = base[hash...]
            base = base[..<hash]
        }
        guard let question = base.firstIndex(of: "?") else { return scrub(url) }
        let query = redactQuery(base[base.index(after: question)...], host: URLParts(url).host)
        return scrub(String(base[...question]) + query + fragment)
    }

    /// Replaces every secret value of at least ``safeLength`` characters in `text`, however it
    /// is spelled (raw, percent-encoded, form-encoded, JSON-escaped). Shorter ones are left for
    /// the leak check to refuse.
    public func scrub(_ text: String) -> String {
        var bytes = Array(text.utf8)
        for (variable, value) in secrets where value.count >= Redactor.safeLength {
            bytes = Redactor.replacingSpellings(of: value, in: bytes, with: "<\(variable)>")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `bytes` (a body) redacted: string literals of a JSON body, else ``scrub(_:)``.
    private func scrub(bytes: [UInt8]) -> [UInt8] {
        guard !secrets.isEmpty, let text = String(validating: bytes, as: UTF8.self),
            secrets.contains(where: { Redactor.spells($0.value, in: bytes) })
        else { return bytes }
        if (try? JSONValue.parse(text)) != nil { return redactJSONStrings(bytes) }
        return Array(scrub(text).utf8)
    }

    /// Whether `bytes` spell `value` in any of the forms ``SecretSpelling`` decodes.
    static func spells(_ value: String, in bytes: [UInt8]) -> Bool {
        let needle = Array(value.utf8)
        return !SecretSpelling.ranges(of: needle, in: bytes, plusIsSpace: false).isEmpty
            || (value.contains(" ") && !SecretSpelling.ranges(of: needle, in: bytes, plusIsSpace: true).isEmpty)
    }

    /// `bytes` with every spelling of `value` replaced by `placeholder`.
    static func replacingSpellings(of value: String, in bytes: [UInt8], with placeholder: String) -> [UInt8] {
        var result = bytes
        for plusIsSpace in value.contains(" ") ? [false, true] : [false] {
            let ranges = SecretSpelling.ranges(of: Array(value.utf8), in: result, plusIsSpace: plusIsSpace)
            if !ranges.isEmpty { result = SecretSpelling.replacing(ranges, in: result, with: placeholder) }
        }
        return result
    }

    private func redact(headers: [String: String], host: String) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers {
            if isSecretHeader(name) {
                result[name] = placeholder(forHeader: name, value: value, host: host)
            } else if ["user-agent", "from"].contains(name.lowercased()) {
                result[name] = Redactor.redactEmails(scrub(value))
            } else {
                result[name] = scrub(value)
            }
        }
        return result
    }

    private func redactQuery(_ query: some StringProtocol, host: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let rawName = pair[..<equals]
            let name = URLParts.percentDecode(rawName, plusIsSpace: true)
            guard secretParameters.contains(name.lowercased()) else { return String(pair) }
            let value = URLParts.percentDecode(pair[pair.index(after: equals)...], plusIsSpace: true)
            if value.isEmpty || RequestSignature.isPlaceholder(value) { return String(pair) }
            return rawName + "=" + placeholder(forParameter: name, value: value, host: host)
        }.joined(separator: "&")
    }

    private func placeholder(forParameter name: String, value: String, host: String) -> String {
        if let known = secrets.first(where: { $0.value == value }) { return "<\(known.variable)>" }
        let lower = name.lowercased()
        let candidates = declarations.filter { $0.queryParameters.contains { $0.lowercased() == lower } }
        return Redactor.declaration(among: candidates, host: host)?.placeholder ?? Redactor.genericPlaceholder(name)
    }

    private func placeholder(forHeader name: String, value: String, host: String) -> String {
        if let known = secrets.first(where: { $0.value == value }) { return "<\(known.variable)>" }
        let lower = name.lowercased()
        let candidates = declarations.filter { $0.headers.contains { $0.lowercased() == lower } }
        return Redactor.declaration(among: candidates, host: host)?.placeholder ?? Redactor.genericPlaceholder(name)
    }

    /// The declaration for a parameter or header several services may send: the one sent to
    /// `host`, else one that names no host; `nil` when declarations name other hosts only, so a
    /// generic placeholder is used rather than another service's.
    static func declaration(among candidates: [SecretDeclaration], host: String) -> SecretDeclaration? {
        candidates.first { $0.hosts.contains(host) } ?? candidates.first { $0.hosts.isEmpty }
    }

    /// `<REDACTED_NAME>` with `name` upper-cased and anything but letters and digits as `_`.
    static func genericPlaceholder(_ name: String) -> String {
        let upper = String(name.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        return "<REDACTED_\(upper)>"
    }

    /// Replaces e-mail addresses (`a.b@example.com`) in `text` by `<REDACTED_EMAIL>`.
    static func redactEmails(_ text: String) -> String {
        func isAddressCharacter(_ c: Character) -> Bool {
            c.isASCII && (c.isLetter || c.isNumber || "._%+-@".contains(c))
        }
        var result = ""
        var token = ""
        func flush() {
            if let at = token.firstIndex(of: "@"), at > token.startIndex, token[token.index(after: at)...].contains(".")
            {
                result += "<REDACTED_EMAIL>"
            } else {
                result += token
            }
            token = ""
        }
        for character in text {
            if isAddressCharacter(character) {
                token.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }
}
