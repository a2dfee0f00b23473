/// What `locsim cassettes status` reports of one cassette, apart from use: duplicate
/// interactions, the recording dates, and values that look like secrets but are not placeholders.
package struct CassetteHygiene: Sendable, Hashable {
    /// `(index, index of the earlier identical interaction)`: same request and same response.
    public var duplicates: [(index: Int, original: Int)]
    /// The earliest and latest `recordedAt` (empty strings when none is recorded).
    public var oldest: String
    public var newest: String
    /// `interactions[3].request.query.client_id`-style places holding a secret-looking value.
    public var secretLooking: [String]

    public static func == (left: CassetteHygiene, right: CassetteHygiene) -> Bool {
        left.duplicates.map(\.index) == right.duplicates.map(\.index)
            && left.duplicates.map(\.original) == right.duplicates.map(\.original) && left.oldest == right.oldest
            && left.newest == right.newest && left.secretLooking == right.secretLooking
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(duplicates.map(\.index))
        hasher.combine(secretLooking)
    }

    /// Examines `cassette`; `redactor` says which parameters and headers carry secrets.
    public init(_ cassette: Cassette, redactor: Redactor) {
        var seen: [HTTPInteraction: Int] = [:]
        var duplicates: [(Int, Int)] = []
        var places: [String] = []
        // The by-name rules a recording applies, on a redactor of its own (what it learns stays
        // here): a place they would change holds a value that is not a placeholder.
        let probe = Redactor(declarations: redactor.declarations, environment: [:])
        for (index, interaction) in cassette.interactions.enumerated() {
            var key = interaction
            key.recordedAt = ""
            key.origin = nil
            if let original = seen[key] { duplicates.append((index, original)) } else { seen[key] = index }
            places += CassetteHygiene.secretLooking(in: interaction, at: "interactions[\(index)]", probe: probe)
        }
        self.duplicates = duplicates
        self.secretLooking = places
        let dates = cassette.interactions.map(\.recordedAt).filter { !$0.isEmpty }.sorted()
        oldest = dates.first ?? ""
        newest = dates.last ?? ""
    }

    /// The places of one interaction (named under `place`) holding a secret-looking value: a
    /// secret query or fragment parameter, a URL's user info, a secret header, a secret form,
    /// multipart or JSON body field (request or response) whose value is not a placeholder, and
    /// anything shaped like a well-known key or token (``SecretShape``) wherever it is.
    static func secretLooking(in interaction: HTTPInteraction, at place: String, probe: Redactor) -> [String] {
        var places: [String] = []
        let request = interaction.request
        for item in URLParts(request.url).query
        where probe.isSecretParameter(item.name) && !item.value.isEmpty && !RequestSignature.isPlaceholder(item.value) {
            places.append("\(place).request.query.\(item.name)")
        }
        if let hash = request.url.firstIndex(of: "#") {
            for item in URLParts.parseQuery(request.url[request.url.index(after: hash)...])
            where probe.isSecretParameter(item.name) && !item.value.isEmpty
                && !RequestSignature.isPlaceholder(item.value)
            {
                places.append("\(place).request.url#\(item.name)")
            }
        }
        let withoutQuery = String(request.url.prefix { $0 != "?" && $0 != "#" })
        if probe.redactByName(url: withoutQuery) != withoutQuery { places.append("\(place).request.url (user info)") }
        for (side, headers, body) in [
            ("request", request.headers, request.body),
            ("response", interaction.response.headers, interaction.response.body),
        ] {
            for (name, value) in headers.sorted(by: { $0.key < $1.key })
            where probe.isSecretHeader(name) && !value.isEmpty && !CassetteHygiene.isPlaceholderText(value) {
                places.append("\(place).\(side).headers.\(name)")
            }
            let type = headers.first { $0.key.lowercased() == "content-type" }?.value ?? ""
            let looksLikeForm =
                type.isEmpty && !body.isEmpty && !body.contains(UInt8(ascii: " "))
                && body.contains(UInt8(ascii: "=")) && body.first != UInt8(ascii: "{")
            let form = looksLikeForm ? "application/x-www-form-urlencoded" : type
            if probe.redactByName(body: body, contentType: form, host: "") != body {
                places.append("\(place).\(side).body (a secret field)")
            }
        }
        var texts = [("request.url", request.url)]
        texts += request.headers.sorted { $0.key < $1.key }.map { ("request.headers.\($0.key)", $0.value) }
        texts.append(("request.body", String(decoding: request.body, as: UTF8.self)))
        texts += interaction.response.headers.sorted { $0.key < $1.key }.map {
            ("response.headers.\($0.key)", $0.value)
        }
        texts.append(("response.body", String(decoding: interaction.response.body, as: UTF8.self)))
        for (location, text) in texts {
            if let kind = SecretShape.kind(in: text) { places.append("\(place).\(location) (looks like \(kind))") }
        }
        return places
    }

    /// A header value that holds placeholders only (``PlaceholderText``).
    static func isPlaceholderText(_ value: String) -> Bool {
        PlaceholderText.holdsOnlyPlaceholders(value)
    }
}
