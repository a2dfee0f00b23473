import Foundation
package import LocSimCanonicalJSON
import LocSimSupport

/// Writes a cassette as a HAR 1.2 document that Proxyman, Charles and the browsers' Web
/// Inspectors open.
///
/// Every field HAR 1.2 requires is written: `log.version`, `log.creator` (`locsim` and its
/// version), and per entry `startedDateTime` (the interaction's `recordedAt`), `time`, `request`
/// (`method`, `url`, `httpVersion`, `cookies`, `headers`, `queryString`, `headersSize`,
/// `bodySize`, and `postData` for a body), `response` (`status`, `statusText`, `httpVersion`,
/// `cookies`, `headers`, `content` {`size`, `mimeType`, `text`, `encoding: "base64"` for a
/// binary body}, `redirectURL`, `headersSize`, `bodySize`), `cache` and `timings` (`-1` for
/// what a cassette does not know, `0` for `send`, `wait` and `receive`, which must not be
/// negative). Placeholders stay placeholders. What a cassette holds that HAR has no field for is
/// kept in fields named with an underscore, as HAR 1.2 allows: `log._locsimMatching` (the
/// cassette's matching rules), `_locsimRecordedAt` (a `recordedAt` that is not a date) and
/// `_locsimOrigin` (an interaction's ``InteractionOrigin``), so
/// ``HARReader`` reads the document back into the same cassette, byte for byte.
package enum HARWriter {
    /// The `log` member holding the cassette's matching rules.
    public static let matchingKey = "_locsimMatching"
    /// The entry member holding a `recordedAt` that `startedDateTime` cannot carry.
    public static let recordedAtKey = "_locsimRecordedAt"
    /// The entry member holding the interaction's ``InteractionOrigin``, when it has one.
    public static let originKey = "_locsimOrigin"
    /// The `startedDateTime` of an interaction recorded at no known time.
    static let unknownDate = "1970-01-01T00:00:00.000Z"

    /// The HAR file text: pretty-printed JSON with sorted keys and a final newline.
    public static func text(_ cassette: Cassette, creatorVersion: String) -> String {
        var text = ""
        write(cassette, creatorVersion: creatorVersion) { text += $0 }
        return text
    }

    /// Hands the HAR file text (``text(_:creatorVersion:)``'s bytes) to `emit` in pieces, one
    /// entry at a time, so a large cassette is never held twice over as a document and its text.
    public static func write<Failure: Error>(
        _ cassette: Cassette, creatorVersion: String, to emit: (String) throws(Failure) -> Void
    ) throws(Failure) {
        var shell = document(
            Cassette(comment: cassette.comment, matching: cassette.matching), creatorVersion: creatorVersion)
        guard !cassette.interactions.isEmpty, case .object(var root) = shell, case .object(var log)? = root["log"]
        else {
            try emit(shell.pretty() + "\n")
            return
        }
        // The document with a marker for its entries, then each entry as `pretty()` nests it.
        let marker = "\u{0}entries\u{0}"
        log["entries"] = .string(marker)
        root["log"] = .object(log)
        shell = .object(root)
        let text = shell.pretty()
        // `s" : ` cannot occur inside a string (a quote in one is written `\"`): this is the key.
        let key = "\"entries\" : "
        guard let place = text.range(of: key + JSONValue.string(marker).compact()) else {
            preconditionFailure("the entries marker is written")
        }
        try emit(String(text[..<place.lowerBound]) + key + "[")
        for (index, interaction) in cassette.interactions.enumerated() {
            try emit((index == 0 ? "\n      " : ",\n      ") + entry(interaction).pretty(level: 3))
        }
        try emit("\n    ]" + text[place.upperBound...] + "\n")
    }

    /// The HAR document for `cassette`; `creatorVersion` is locsim's version.
    public static func document(_ cassette: Cassette, creatorVersion: String) -> JSONValue {
        var log: [String: JSONValue] = [
            "version": .string(HARReader.version),
            "creator": .object(["name": .string("locsim"), "version": .string(creatorVersion)]),
            "entries": .array(cassette.interactions.map(entry)),
        ]
        if let comment = cassette.comment { log["comment"] = .string(comment) }
        if let matching = cassette.matching { log[matchingKey] = matching.jsonValue }
        return .object(["log": .object(log)])
    }

    private static func entry(_ interaction: HTTPInteraction) -> JSONValue {
        let request = interaction.request
        let response = interaction.response
        var requestMembers: [String: JSONValue] = [
            "method": .string(request.method),
            "url": .string(request.url),
            "httpVersion": .string("HTTP/1.1"),
            "cookies": .array([]),
            "headers": headers(request.headers),
            "queryString": .array(
                URLParts(request.url).query.map { .object(["name": .string($0.name), "value": .string($0.value)]) }),
            "headersSize": .int(-1),
            "bodySize": .int(request.body.count),
        ]
        if !request.body.isEmpty {
            var postData: [String: JSONValue] = ["mimeType": .string(request.header("Content-Type") ?? "")]
            let (text, base64) = bodyText(request.body, contentType: request.header("Content-Type"))
            postData["text"] = .string(text)
            if base64 { postData["_encoding"] = .string("base64") }
            requestMembers["postData"] = .object(postData)
        }
        let contentType = response.header("Content-Type")
        var content: [String: JSONValue] = [
            "size": .int(response.body.count),
            "mimeType": .string(contentType ?? ""),
        ]
        let (text, base64) = bodyText(response.body, contentType: contentType)
        content["text"] = .string(text)
        if base64 { content["encoding"] = .string("base64") }
        var members: [String: JSONValue] = [
            "startedDateTime": .string(isDate(interaction.recordedAt) ? interaction.recordedAt : unknownDate),
            "time": .int(0),
            "request": .object(requestMembers),
            "response": .object([
                "status": .int(response.status),
                "statusText": .string(HTTPStatusText.reason(response.status)),
                "httpVersion": .string("HTTP/1.1"),
                "cookies": .array([]),
                "headers": headers(response.headers),
                "content": .object(content),
                "redirectURL": .string(response.header("Location") ?? ""),
                "headersSize": .int(-1),
                "bodySize": .int(response.body.count),
            ]),
            "cache": .object([:]),
            "timings": .object([
                "blocked": .int(-1), "dns": .int(-1), "connect": .int(-1), "ssl": .int(-1),
                "send": .int(0), "wait": .int(0), "receive": .int(0),
            ]),
        ]
        if !isDate(interaction.recordedAt) { members[recordedAtKey] = .string(interaction.recordedAt) }
        if let origin = interaction.origin { members[originKey] = .string(origin.rawValue) }
        return .object(members)
    }

    /// Headers as HAR's `[{name, value}]`, sorted by name.
    private static func headers(_ headers: [String: String]) -> JSONValue {
        .array(
            headers.sorted { $0.key < $1.key }.map { .object(["name": .string($0.key), "value": .string($0.value)]) })
    }

    /// The body as HAR text: UTF-8 when a cassette stores it as JSON or text, else base64.
    private static func bodyText(_ body: [UInt8], contentType: String?) -> (text: String, base64: Bool) {
        if BodyEncoding.encode(body, contentType: contentType).encoding == .base64 {
            return (Data(body).base64EncodedString(), true)
        }
        return (String(decoding: body, as: UTF8.self), false)
    }

    /// Whether `text` is an ISO 8601 date-time HAR's `startedDateTime` can carry.
    static func isDate(_ text: String) -> Bool {
        ISOInstant.epochSeconds(text) != nil
    }
}
