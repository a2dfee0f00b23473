public import LocSimCanonicalJSON

/// A recording: an ordered list of interactions, stored as pretty-printed JSON with sorted keys.
///
/// ```json
/// {
///   "interactions" : [
///     {
///       "recordedAt" : "2024-05-01T17:03:11Z",
///       "request" : {
///         "body" : "", "bodyEncoding" : "text",
///         "headers" : { "User-Agent" : "<NWS_USER_AGENT>" },
///         "method" : "GET",
///         "url" : "https://api.aerisapi.com/advisories/franklin,la,us?client_id=<AERIS_CLIENT_ID>"
///       },
///       "response" : { "body" : { "success" : true }, "bodyEncoding" : "json", "headers" : {…}, "status" : 200 }
///     }
///   ],
///   "version" : 1
/// }
/// ```
///
/// An optional top-level `"comment"` says where the content came from ("Hand-written in the
/// shape of …; not a live capture", "Recorded live by …"). It is free text for reviewers, never
/// used for matching, and recording sessions keep it when they append to or re-record the file.
/// An optional top-level `"matching"` object opts the cassette into tolerant matching
/// (``MatchingRules``); recording sessions keep it too. A file without either key reads and
/// writes byte for byte as before. An interaction's optional `"origin"` names who recorded it when
/// that was not the scenario's replay (``InteractionOrigin``).
public struct Cassette: Sendable, Hashable {
    /// The only format version this build reads and writes.
    public static let version = 1
    /// The default cap on one decoded body (64 MiB, as for live responses): a larger body is a
    /// shape error naming it, not an allocation the size of whatever the file says.
    public static let defaultMaxBodyBytes = 64 << 20

    public var interactions: [HTTPInteraction]
    /// Where the recordings came from, for people reading the file; `nil` writes no `comment` key.
    public var comment: String?
    /// The cassette's matching rules (its `matching` key); `nil` writes no key.
    public var matching: MatchingRules?

    public init(interactions: [HTTPInteraction] = [], comment: String? = nil, matching: MatchingRules? = nil) {
        self.interactions = interactions
        self.comment = comment
        self.matching = matching
    }

    /// The file text: `pretty()` JSON followed by a newline. Stable: the same cassette always
    /// gives the same bytes.
    public func text() -> String {
        jsonValue.pretty() + "\n"
    }

    /// The cassette as a JSON value.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "version": .int(Cassette.version),
            "interactions": .array(interactions.map(Cassette.encode)),
        ]
        if let comment { members["comment"] = .string(comment) }
        if let matching { members["matching"] = matching.jsonValue }
        return .object(members)
    }

    /// Reads a cassette from file bytes. `path` only names the file in errors; a body larger
    /// than `maxBodyBytes` is an error.
    public static func parse(
        utf8 bytes: [UInt8], path: String, maxBodyBytes: Int = defaultMaxBodyBytes
    ) throws(CassetteError) -> Cassette {
        try decode(owning: json(utf8: bytes, path: path), utf8: { bytes }, path: path, maxBodyBytes: maxBodyBytes)
    }

    /// Reads a cassette from `root`, the parsed JSON of a file, naming the place in the file's
    /// bytes (`utf8`, asked for only then: a reader that let the bytes go reads them again) of a
    /// refused header or a bad `matching` key. `root` is taken, and each interaction's part of
    /// it freed once decoded, so the tree and the cassette are never both whole in memory.
    static func decode(
        owning root: consuming JSONValue, utf8: () -> [UInt8], path: String, maxBodyBytes: Int
    ) throws(CassetteError) -> Cassette {
        if let finding = CassetteHeaderCheck.firstFinding(in: root) {
            let position = CassetteHeaderCheck.position(of: finding.text, in: utf8())
            throw CassetteError(
                kind: .shape, path: path, line: position?.line, column: position?.column, reason: finding.reason)
        }
        do {
            return try decode(owning: consume root, path: path, maxBodyBytes: maxBodyBytes)
        } catch {
            throw error.locatingMatchingKey(in: utf8())
        }
    }

    /// The JSON of a cassette file, a syntax error named after `path` and its place. Bytes that
    /// are not UTF-8 are an error at their place too (the parser would have read them as U+FFFD,
    /// and a replay would answer with bytes the file does not hold), except in a HAR, whose
    /// reader names such strings in warnings.
    static func json(utf8 bytes: [UInt8], path: String) throws(CassetteError) -> JSONValue {
        let invalid = UTF8Validation.firstInvalidOffset(bytes[...])
        let root: JSONValue
        do {
            root = try JSONValue.parse(utf8: bytes)
        } catch {
            throw CassetteError(
                kind: .syntax, path: path, line: error.line, column: error.column, reason: error.message)
        }
        if let invalid, !HARReader.isHAR(root) {
            let place = JSONTextPosition.lineAndColumn(of: invalid, in: bytes)
            throw CassetteError(
                kind: .syntax, path: path, line: place.line, column: place.column,
                reason: "invalid UTF-8 (a cassette is UTF-8 text; a body that is not is stored as base64)")
        }
        return root
    }

    /// Reads a cassette from a parsed JSON document; a body larger than `maxBodyBytes` is an error.
    public static func decode(
        _ root: JSONValue, path: String, maxBodyBytes: Int = defaultMaxBodyBytes
    ) throws(CassetteError) -> Cassette {
        try decode(owning: root, path: path, maxBodyBytes: maxBodyBytes)
    }

    /// ``decode(_:path:maxBodyBytes:)`` of a tree no one else holds: each interaction's subtree
    /// is freed as soon as it is decoded.
    static func decode(
        owning root: consuming JSONValue, path: String, maxBodyBytes: Int
    ) throws(CassetteError) -> Cassette {
        var reader = ShapeReader(path: path, maxBodyBytes: maxBodyBytes)
        guard case .object(var members) = consume root else {
            throw reader.error("", "expected a JSON object at the top level")
        }
        guard let version = members["version"] else {
            throw reader.error("version", "missing (expected \(Cassette.version))")
        }
        guard version.doubleValue == Double(Cassette.version), case .number = version else {
            throw reader.error(
                "version",
                "unsupported cassette version \(version.compact()) (this build reads version \(Cassette.version))")
        }
        // Taken out of the (now unshared) tree, so the list is this function's alone.
        guard var list = members.removeValue(forKey: "interactions")?.arrayValue else {
            throw reader.error("interactions", "expected an array")
        }
        let comment: String?
        switch members["comment"] {
        case nil: comment = nil
        case .string(let text)?: comment = text
        default: throw reader.error("comment", "expected a string")
        }
        var matching: MatchingRules?
        if let rules = members["matching"] {
            matching = try MatchingRules.decode(rules) { key, message in reader.error(key, message) }
        }
        var interactions: [HTTPInteraction] = []
        interactions.reserveCapacity(list.count)
        for index in list.indices {
            reader.location = "interactions[\(index)]"
            var item = JSONValue.null
            swap(&item, &list[index])
            interactions.append(try decodeInteraction(item, reader: reader))
        }
        return Cassette(interactions: interactions, comment: comment, matching: matching)
    }

    private static func encode(_ interaction: HTTPInteraction) -> JSONValue {
        let request = interaction.request
        let response = interaction.response
        let requestBody = BodyEncoding.encode(request.body, contentType: request.header("Content-Type"))
        let responseHeaders = response.headers.filter { !HTTPWire.wireHeaders.contains($0.key.lowercased()) }
        let responseBody = BodyEncoding.encode(response.body, contentType: response.header("Content-Type"))
        var members: [String: JSONValue] = [
            "recordedAt": .string(interaction.recordedAt),
            "request": .object([
                "method": .string(request.method),
                "url": .string(request.url),
                "headers": .object(request.headers.mapValues { .string($0) }),
                "body": requestBody.value,
                "bodyEncoding": .string(requestBody.encoding.rawValue),
            ]),
            "response": .object([
                "status": .int(response.status),
                "headers": .object(responseHeaders.mapValues { .string($0) }),
                "body": responseBody.value,
                "bodyEncoding": .string(responseBody.encoding.rawValue),
            ]),
        ]
        if let origin = interaction.origin { members["origin"] = .string(origin.rawValue) }
        return .object(members)
    }

    private static func decodeInteraction(
        _ value: JSONValue, reader: ShapeReader
    ) throws(CassetteError) -> HTTPInteraction {
        guard case .object(let members) = value else { throw reader.error("", "expected an object") }
        guard case .object(let request)? = members["request"] else {
            throw reader.error("request", "expected an object")
        }
        guard case .object(let response)? = members["response"] else {
            throw reader.error("response", "expected an object")
        }
        guard let method = request["method"]?.stringValue, !method.isEmpty else {
            throw reader.error("request.method", "expected a non-empty string")
        }
        guard let url = request["url"]?.stringValue, !url.isEmpty else {
            throw reader.error("request.url", "expected a non-empty string")
        }
        guard let statusValue = response["status"], case .number(let literal) = statusValue, let status = Int(literal),
            (100...999).contains(status)
        else { throw reader.error("response.status", "expected an integer HTTP status") }
        let recordedAt: String
        switch members["recordedAt"] {
        case nil: recordedAt = ""
        case .string(let text)?: recordedAt = text
        default: throw reader.error("recordedAt", "expected a string")
        }
        let origin: InteractionOrigin?
        switch members["origin"] {
        case nil: origin = nil
        case .string(let text)? where !text.isEmpty: origin = InteractionOrigin(rawValue: text)
        default: throw reader.error("origin", "expected a non-empty string (serve, import, urlsession)")
        }
        return HTTPInteraction(
            request: HTTPRequest(
                method: method, url: url,
                headers: try headers(request["headers"], reader: reader, at: "request.headers"),
                body: try body(request, reader: reader, at: "request")),
            response: HTTPResponse(
                status: status,
                headers: try headers(response["headers"], reader: reader, at: "response.headers"),
                body: try body(response, reader: reader, at: "response")),
            recordedAt: recordedAt, origin: origin)
    }

    private static func headers(
        _ value: JSONValue?, reader: ShapeReader, at key: String
    ) throws(CassetteError) -> [String: String] {
        guard let value else { return [:] }
        guard case .object(let members) = value else { throw reader.error(key, "expected an object of strings") }
        var result: [String: String] = [:]
        for (name, field) in members {
            guard let text = field.stringValue else { throw reader.error("\(key).\(name)", "expected a string") }
            guard !CassetteHeaderCheck.isForbidden(name), !CassetteHeaderCheck.isForbidden(text) else {
                throw reader.error(key, "a header name or value holds a CR, LF or NUL character")
            }
            result[name] = text
        }
        return result
    }

    /// A missing `bodyEncoding` is `text` for a string body and `json` otherwise, so hand-written
    /// cassettes can simply write the JSON or the text.
    private static func body(
        _ members: [String: JSONValue], reader: ShapeReader, at key: String
    ) throws(CassetteError) -> [UInt8] {
        guard let value = members["body"] else { return [] }
        let encoding: BodyEncoding
        switch members["bodyEncoding"] {
        case nil: encoding = value.stringValue == nil ? .json : .text
        case .string(let name)?:
            guard let named = BodyEncoding(rawValue: name) else {
                throw reader.error("\(key).bodyEncoding", "unknown encoding '\(name)' (expected json, text or base64)")
            }
            encoding = named
        default: throw reader.error("\(key).bodyEncoding", "expected a string")
        }
        guard let bytes = encoding.decode(value) else {
            throw reader.error(
                "\(key).body", encoding == .base64 ? "invalid base64" : "expected a string for a text body")
        }
        guard bytes.count <= reader.maxBodyBytes else {
            throw reader.error(
                "\(key).body",
                "\(describeByteCount(bytes.count)) is larger than the \(describeByteCount(reader.maxBodyBytes)) body cap"
            )
        }
        return bytes
    }
}

/// Builds shape errors that name where in the document they are.
private struct ShapeReader {
    let path: String
    let maxBodyBytes: Int
    var location = ""

    func error(_ key: String, _ message: String) -> CassetteError {
        let place = [location, key].filter { !$0.isEmpty }.joined(separator: ".")
        return CassetteError(kind: .shape, path: path, reason: place.isEmpty ? message : "\(place): \(message)")
    }
}
