import Foundation
import LocSimCanonicalJSON
import LocSimSupport

/// Replaces secrets in requests and responses by placeholders before anything is written or
/// printed.
///
/// Two passes:
/// 1. By name: the secret query parameters (in the query and in a `#a=b&c=d` fragment), form
///    fields (urlencoded, or multipart), JSON body fields at any depth (``SecretNames``) and
///    secret headers (``isSecretHeader(_:)``) get the placeholder of the ``SecretDeclaration``
///    that names them (`client_secret` on an Aeris host → `<AERIS_CLIENT_SECRET>`, `appid` →
///    `<OWM_APPID>`, `X-Parse-REST-API-Key` → `<PARSE_REST_API_KEY>`), or `<REDACTED_NAME>` when
///    no declaration does; a URL's `user:password@` gets `<REDACTED_PASSWORD>`. A header that
///    holds placeholders only (`Bearer <TOKEN>`) and an empty value are kept. The services declare
///    their secrets; this type knows no provider. E-mail addresses in `User-Agent` and `From`
///    become `<REDACTED_EMAIL>`. Each value replaced by name, of at least ``safeLength``
///    characters, is learned: it is a secret for the rest of the run, like an environment value
///    (``SecretBook``).
/// 2. By value, every secret (the environment's and the learned ones), longest first: in JSON
///    bodies structurally (every string literal that holds a secret value, in any spelling, is
///    rewritten with `<VARIABLE_NAME>` in its place; nothing outside string literals is touched);
///    elsewhere (a URL, a header, a body that is not JSON) a value of at least ``safeLength``
///    characters is replaced wherever it is spelled (raw, percent-encoded, form-encoded,
///    JSON- or XML-escaped, or encoded: ``encodedNeedles(of:)``). A shorter environment value
///    (`true`, `http`) is not replaced there, since it would hit syntax: it survives, and the leak
///    check refuses the file.
///
/// ``leaks(in:)`` then checks a whole cassette, decoding every string, for anything that survived
/// (in every spelling redaction knows); the recorder refuses to write when it finds something.
/// ``redactText(_:)`` is the redaction of what is printed (stdout, messages, maps, reports).
public struct Redactor: Sendable {
    /// Query parameter and form field names whose values are secrets whoever declares them
    /// (compared case-insensitively); declared parameters are added to these.
    public static let genericSecretParameters: Set<String> = SecretNames.parameters

    /// The shortest secret value replaced in raw text (URLs, headers, bodies that are not JSON),
    /// and the shortest value learned by name: 8 characters. A shorter one could be a word or a
    /// piece of syntax (`true`, `http`); an environment value that short is refused where it
    /// appears instead of being corrupted, a learned one is replaced where its name is only.
    public static let safeLength = 8

    /// What the services of the run declare they send.
    public let declarations: [SecretDeclaration]
    /// The secrets: variable name (or the placeholder's name, for a learned value) and value,
    /// longest value first. The environment's, then those learned during the run.
    public var secrets: [(variable: String, value: String)] { book.secrets }
    let book: SecretBook
    private let secretParameters: Set<String>
    private let jsonFields: Set<String>
    private let declaredHeaders: Set<String>
    /// Rules out, in one scan, printed text that holds no spelling of any secret.
    var printedFilter: NeedleFilter { book.filter }

    /// A redactor for the secrets `declarations` name (their values read from `environment`).
    /// Empty names in a declaration are ignored.
    public init(declarations: [SecretDeclaration], environment: [String: String]) {
        self.declarations = declarations
        var seen: Set<String> = []
        book = SecretBook(
            environment: declarations.map(\.variable).filter { seen.insert($0).inserted }.compactMap { name in
                guard let value = environment[name], value.count >= 4 else { return nil }
                return (name, value)
            })
        let declared = declarations.flatMap(\.queryParameters).map { $0.lowercased() }.filter { !$0.isEmpty }
        secretParameters = Set(SecretNames.parameters.union(declared).map(SecretNames.folded))
        jsonFields = Set(SecretNames.jsonFields.union(declared).map(SecretNames.folded))
        declaredHeaders = Set(declarations.flatMap(\.headers).map(SecretNames.folded).filter { !$0.isEmpty })
    }

    /// Learns `value`, replaced by name with `placeholder` (`<NAME>`), as a secret of the run.
    func learn(_ value: String, as placeholder: String) {
        book.learn(value, as: String(placeholder.dropFirst().dropLast()))
    }

    /// Whether a value was learned by name during the run (``SecretBook``).
    public var hasLearnedSecrets: Bool { book.hasLearned }

    /// Whether header `name` carries a secret: `Authorization`, `Proxy-Authorization`, `Cookie`,
    /// `Set-Cookie`, `X-Api-Key`, `X-Auth-Token` and the others of ``SecretNames/headers``, every
    /// `X-Parse-*`, every name ending like a secret's (`X-Goog-Api-Key`, `X-Session-Token`,
    /// `X-Auth`) and every header a declaration names; compared without case, `_` or `-`.
    public func isSecretHeader(_ name: String) -> Bool {
        let folded = SecretNames.folded(name)
        return Self.secretHeaders.contains(folded) || declaredHeaders.contains(folded)
            || SecretNames.endsLikeSecret(folded, endings: SecretNames.headerEndings)
            || SecretNames.headerPrefixes.contains { name.lowercased().hasPrefix($0) }
    }

    private static let secretHeaders = Set(SecretNames.headers.map(SecretNames.folded))

    /// Whether `name` is a secret query parameter or form field (generic, declared, or ending
    /// like a secret's name).
    func isSecretParameter(_ name: String) -> Bool {
        let folded = SecretNames.folded(name)
        return secretParameters.contains(folded) || SecretNames.endsLikeSecret(folded)
    }

    /// Whether `name` is a secret JSON field (generic, declared, or ending like a secret's name).
    func isSecretJSONField(_ name: String) -> Bool {
        let folded = SecretNames.folded(name)
        return jsonFields.contains(folded) || SecretNames.endsLikeSecret(folded)
    }

    /// `request` with its secrets replaced in the URL, the headers and the body. `bodyType` is
    /// the body's media type when no `Content-Type` header says it (a HAR's `postData.mimeType`).
    public func redact(_ request: HTTPRequest, bodyType: String? = nil) -> HTTPRequest {
        var copy = request
        let host = URLParts(request.url).host
        // By name first (learning values), then by value everywhere, so a value learned from the
        // body is replaced in the URL too.
        let headers = redactByName(headers: request.headers, host: host)
        let url = redactByName(url: request.url)
        let type = request.header("Content-Type") ?? bodyType ?? ""
        let body = redactByName(body: request.body, contentType: type, host: host, isRequest: true)
        copy.url = scrub(url)
        copy.headers = scrub(headers: headers)
        copy.body = scrub(bytes: body)
        return copy
    }

    /// `response` with secret headers (`Set-Cookie` …), secret body fields (a token response's
    /// `access_token`) and any secret value in the body replaced.
    public func redact(_ response: HTTPResponse) -> HTTPResponse {
        var copy = response
        var headers = redactByName(headers: response.headers, host: "")
        // A URL a response points to (a redirect's `Location`, an OAuth callback's token in its
        // query or fragment): its secret parameters, as in a request's URL.
        for (name, value) in headers where Redactor.urlHeaders.contains(name.lowercased()) {
            headers[name] = redactByName(url: value)
        }
        let body = redactByName(body: response.body, contentType: response.header("Content-Type") ?? "", host: "")
        copy.headers = scrub(headers: headers)
        copy.body = scrub(bytes: body)
        return copy
    }

    /// `interaction` redacted again with every secret known now: what a recorder writes, so a
    /// value learned after an interaction was recorded is not left in it.
    public func redact(_ interaction: HTTPInteraction) -> HTTPInteraction {
        var copy = interaction
        copy.request = redact(interaction.request)
        copy.response = redact(interaction.response)
        return copy.normalized()
    }

    /// `cassette`'s text ready to write, and the secrets that survive in it. When a value
    /// learned during the run survives, every interaction is redacted again first
    /// (``redact(_:)-interaction``), so a value learned late is replaced where it was echoed early.
    public func checkedText(_ cassette: Cassette) -> (text: String, leaks: [SecretLeak]) {
        let text = cassette.text()
        let leaks = leaks(inText: text)
        guard !leaks.isEmpty, hasLearnedSecrets else { return (text, leaks) }
        var again = cassette
        again.interactions = cassette.interactions.map { redact($0) }
        let second = again.text()
        return (second, self.leaks(inText: second))
    }

    /// `url` with secret query and fragment parameters replaced by placeholders (other
    /// parameters keep their exact spelling), a `user:password@` password replaced, and any
    /// remaining secret value replaced.
    public func redact(url: String) -> String {
        scrub(redactByName(url: url))
    }

    /// `url` with the by-name pass only (learning what it replaces).
    func redactByName(url: String) -> String {
        var base = Substring(url)
        var fragment: Substring?
        if let hash = base.firstIndex(of: "#") {
            fragment = base[base.index(after: hash)...]
            base = base[..<hash]
        }
        var query: Substring?
        if let question = base.firstIndex(of: "?") {
            query = base[base.index(after: question)...]
            base = base[..<question]
        }
        let host = URLParts(url).host
        var result = redactUserInfo(base)
        if let query { result += "?" + redactQuery(query, host: host) }
        if let fragment {
            result += "#" + (fragment.contains("=") ? redactQuery(fragment, host: host) : String(fragment))
        }
        return result
    }

    /// `scheme://user:password@host…` with the password (or a user alone: often a token)
    /// replaced by a placeholder.
    private func redactUserInfo(_ base: Substring) -> String {
        guard let schemeEnd = base.range(of: "://") else { return String(base) }
        let authorityStart = schemeEnd.upperBound
        let authorityEnd = base[authorityStart...].firstIndex(of: "/") ?? base.endIndex
        guard let at = base[authorityStart..<authorityEnd].lastIndex(of: "@") else { return String(base) }
        let userInfo = base[authorityStart..<at]
        let replaced: String
        if let colon = userInfo.firstIndex(of: ":") {
            let password = URLParts.percentDecode(userInfo[userInfo.index(after: colon)...], plusIsSpace: false)
            guard !password.isEmpty, !RequestSignature.isPlaceholder(password) else { return String(base) }
            book.learn(password, as: "REDACTED_PASSWORD")
            replaced = userInfo[...colon] + "<REDACTED_PASSWORD>"
        } else {
            let user = URLParts.percentDecode(userInfo, plusIsSpace: false)
            guard !user.isEmpty, !RequestSignature.isPlaceholder(user) else { return String(base) }
            book.learn(user, as: "REDACTED_USERINFO")
            replaced = "<REDACTED_USERINFO>"
        }
        return base[..<authorityStart] + replaced + base[at...]
    }

    /// Replaces every secret value of at least ``safeLength`` characters in `text`, however it
    /// is spelled (raw, percent-encoded, form-encoded, JSON- or XML-escaped, or encoded: hex,
    /// base64, UTF-16, Latin-1, mojibake). Shorter ones are left for the leak check to refuse.
    public func scrub(_ text: String) -> String {
        String(decoding: scrubbing(Array(text.utf8)), as: UTF8.self)
    }

    /// ``scrub(_:)`` on bytes, which need not be UTF-8 (a Latin-1 page, a binary body).
    private func scrubbing(_ text: [UInt8]) -> [UInt8] {
        var bytes = text
        let reading = Redactor.utf16Reading(of: text)
        for (variable, value) in secrets where value.count >= Redactor.safeLength {
            bytes = Redactor.replacingSpellings(of: value, in: bytes, with: "<\(variable)>")
            bytes = Redactor.replacingEncodedSpellings(of: value, in: bytes, reading: reading, with: "<\(variable)>")
        }
        return bytes
    }

    /// `bytes` (a body) redacted: string literals of a JSON body, else ``scrub(_:)`` — byte by
    /// byte for a body that is not UTF-8, every spelling the same.
    private func scrub(bytes: [UInt8]) -> [UInt8] {
        let secrets = self.secrets
        guard !secrets.isEmpty else { return bytes }
        guard let text = String(validating: bytes, as: UTF8.self) else { return scrubbing(bytes) }
        let searched = SearchedText(text, utf8: bytes)
        guard secrets.contains(where: { Redactor.form(of: $0.value, in: searched) != nil }) else { return bytes }
        if (try? JSONValue.parse(text)) != nil { return redactJSONStrings(bytes) }
        return scrubbing(bytes)
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
            if !ranges.isEmpty { result = SecretSpelling.replacing(ranges, in: result, with: Array(placeholder.utf8)) }
        }
        return result
    }

    /// Secret headers by name: a placeholder (learning the credential); `User-Agent` and `From`
    /// without e-mail addresses.
    private func redactByName(headers: [String: String], host: String) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers {
            if isSecretHeader(name), !value.isEmpty, !PlaceholderText.holdsOnlyPlaceholders(value) {
                let placeholder = placeholder(forHeader: name, value: value, host: host)
                for credential in Redactor.credentials(inHeader: name, value: value) {
                    learn(credential, as: placeholder)
                }
                result[name] = placeholder
            } else if ["user-agent", "from"].contains(name.lowercased()) {
                // Learned too: a service that echoes the caller (NWS) writes the address back.
                let (redacted, addresses) = Redactor.redactingEmails(scrub(value))
                for address in addresses { learn(address, as: Redactor.emailPlaceholder) }
                result[name] = redacted
            } else {
                result[name] = value
            }
        }
        return result
    }

    /// Header values with every secret value replaced (placeholders stay).
    private func scrub(headers: [String: String]) -> [String: String] {
        headers.mapValues { scrub($0) }
    }

    /// The values a secret header's `value` carries: the whole value; each comma-separated
    /// credential, and each without its first word (`Bearer`, `Custom`, any scheme), the value
    /// of each ``credentialParameters`` parameter (quotes dropped), a `Basic`
    /// one also decoded (`user:password`, and the password); for cookies each cookie's value,
    /// and a quoted one without its quotes.
    static func credentials(inHeader name: String, value: String) -> [String] {
        let lower = name.lowercased()
        var found = [value.trimmingCharacters(in: .whitespaces)]
        if lower == "cookie" || lower == "set-cookie" {
            let pairs = value.split(separator: lower == "cookie" ? ";" : ",")
            for pair in pairs {
                let first = pair.split(separator: ";").first ?? pair
                if let equals = first.firstIndex(of: "=") {
                    let cookie = first[first.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                    found.append(cookie)
                    // A quoted value (`sid="…"`) is echoed without its quotes too.
                    if cookie.count > 2, cookie.hasPrefix("\""), cookie.hasSuffix("\"") {
                        found.append(String(cookie.dropFirst().dropLast()))
                    }
                }
            }
        } else {
            for item in value.split(separator: ",") {
                let words = item.split(separator: " ")
                found.append(item.trimmingCharacters(in: .whitespaces))
                // Without its scheme, whatever the scheme (`Bearer`, `Custom`, `SharedKey acct:…`),
                // and each parameter's value (`Signature=…` of AWS SigV4, Digest's `response="…"`).
                if words.count >= 2 { found.append(words.dropFirst().joined(separator: " ")) }
                for word in words {
                    guard let equals = word.firstIndex(of: "="),
                        Redactor.credentialParameters.contains(word[..<equals].lowercased())
                    else { continue }
                    var parameter = word[word.index(after: equals)...]
                    if parameter.count > 2, parameter.first == "\"", parameter.last == "\"" {
                        parameter = parameter.dropFirst().dropLast()
                    }
                    found.append(String(parameter))
                    // An AWS credential scope starts with the access key id.
                    if let slash = parameter.firstIndex(of: "/") { found.append(String(parameter[..<slash])) }
                }
                // `Basic` carries `user:password` in base64: the pair and the password, decoded,
                // as a service that checks them may echo them.
                if words.count == 2, words[0].lowercased() == "basic",
                    let decoded = Data(base64Encoded: String(words[1])),
                    let pair = String(data: decoded, encoding: .utf8), let colon = pair.firstIndex(of: ":")
                {
                    found += [pair, String(pair[pair.index(after: colon)...])]
                }
            }
        }
        return found
    }

    func redactQuery(_ query: some StringProtocol, host: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let rawName = pair[..<equals]
            let name = URLParts.percentDecode(rawName, plusIsSpace: true)
            guard isSecretParameter(name) else { return String(pair) }
            let value = URLParts.percentDecode(pair[pair.index(after: equals)...], plusIsSpace: true)
            if value.isEmpty || RequestSignature.isPlaceholder(value) { return String(pair) }
            let placeholder = placeholder(forParameter: name, value: value, host: host)
            learn(value, as: placeholder)
            return rawName + "=" + placeholder
        }.joined(separator: "&")
    }

    func placeholder(forParameter name: String, value: String, host: String) -> String {
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

    /// The parameters of an `Authorization` value that carry a credential (AWS SigV4's
    /// `Credential` and `Signature`, Digest's `response`); the others (`uri`, `realm`,
    /// `SignedHeaders`) are ordinary text a request also carries.
    static let credentialParameters: Set<String> = ["credential", "signature", "response"]

    /// Response headers that carry a URL, whose secret parameters are redacted as a request's.
    static let urlHeaders: Set<String> = ["location", "content-location"]

    /// What an e-mail address in `User-Agent` or `From` becomes.
    static let emailPlaceholder = "<REDACTED_EMAIL>"

    /// `text` with its e-mail addresses (`a.b@example.com`) replaced by `<REDACTED_EMAIL>`, and
    /// the addresses replaced.
    static func redactingEmails(_ text: String) -> (text: String, addresses: [String]) {
        var addresses: [String] = []
        func isAddressCharacter(_ c: Character) -> Bool {
            c.isASCII && (c.isLetter || c.isNumber || "._%+-@".contains(c))
        }
        var result = ""
        var token = ""
        func flush() {
            if let at = token.firstIndex(of: "@"), at > token.startIndex, token[token.index(after: at)...].contains(".")
            {
                result += emailPlaceholder
                addresses.append(token)
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
        return (result, addresses)
    }
}
