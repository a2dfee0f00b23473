import Foundation
import LocSimCanonicalJSON
import LocSimHTTPRecording
import Testing

/// `locsim cassettes export --to har`: a HAR 1.2 document with every field the spec requires.
@Suite struct HARWriterTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF]

    static let cassette = Cassette(
        interactions: [
            HTTPInteraction(
                request: HTTPRequest(
                    url: "https://api.aerisapi.com/advisories/franklin,la,us?client_id=<AERIS_CLIENT_ID>&p=a%20b",
                    headers: ["User-Agent": "<NWS_USER_AGENT>"]),
                response: HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"a":[1,2.50]}"#.utf8)),
                recordedAt: "2024-06-01T00:00:00Z"),
            HTTPInteraction(
                request: HTTPRequest(
                    method: "POST", url: "https://api.parse.com/1/push",
                    headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array("a=1&b=2".utf8)),
                response: HTTPResponse(status: 302, headers: ["Location": "https://x.example/"]), recordedAt: ""),
            HTTPInteraction(
                request: HTTPRequest(url: "https://data.api.xweather.com/r.png"),
                response: HTTPResponse(status: 299, headers: ["Content-Type": "image/png"], body: png),
                recordedAt: "2024-06-01T00:00:01Z"),
        ], comment: "Hand-written.", matching: MatchingRules(coordinates: .init(decimals: 2), headers: ["Accept"]))

    /// The members HAR 1.2 requires of each object, by the object's place.
    static let required: [String: [String]] = [
        "log": ["version", "creator", "entries"],
        "creator": ["name", "version"],
        "entry": ["startedDateTime", "time", "request", "response", "cache", "timings"],
        "request": ["method", "url", "httpVersion", "cookies", "headers", "queryString", "headersSize", "bodySize"],
        "response": [
            "status", "statusText", "httpVersion", "cookies", "headers", "content", "redirectURL", "headersSize",
            "bodySize",
        ],
        "content": ["size", "mimeType"],
        "postData": ["mimeType"],
        "timings": ["send", "wait", "receive"],
        "pair": ["name", "value"],
    ]
    /// The optional members HAR 1.2 defines; anything else must start with `_`.
    static let optional: [String: [String]] = [
        "log": ["browser", "pages", "comment"], "creator": ["comment"],
        "entry": ["pageref", "serverIPAddress", "connection", "comment"],
        "request": ["postData", "comment"], "response": ["comment"],
        "content": ["compression", "text", "encoding", "comment"],
        "postData": ["params", "text", "comment"], "timings": ["blocked", "dns", "connect", "ssl", "comment"],
        "pair": ["comment"],
    ]

    /// Every problem of `value` as a HAR 1.2 object of kind `kind`.
    static func problems(_ value: JSONValue?, _ kind: String, at place: String) -> [String] {
        guard case .object(let members)? = value else { return ["\(place): not an object"] }
        var found = (required[kind] ?? []).filter { members[$0] == nil }.map { "\(place).\($0): missing" }
        let known = Set((required[kind] ?? []) + (optional[kind] ?? []))
        found += members.keys.filter { !known.contains($0) && !$0.hasPrefix("_") }.map {
            "\(place).\($0): not in HAR 1.2"
        }
        return found
    }

    static func validate(_ document: JSONValue) -> [String] {
        var found = problems(document["log"], "log", at: "log")
        found += problems(document["log"]?["creator"], "creator", at: "log.creator")
        if document["log"]?["version"] != .string("1.2") { found.append("log.version: not \"1.2\"") }
        for (index, entry) in (document["log"]?["entries"]?.arrayValue ?? []).enumerated() {
            let place = "entries[\(index)]"
            found += problems(entry, "entry", at: place)
            found += problems(entry["request"], "request", at: "\(place).request")
            found += problems(entry["response"], "response", at: "\(place).response")
            found += problems(entry["response"]?["content"], "content", at: "\(place).response.content")
            found += problems(entry["timings"], "timings", at: "\(place).timings")
            if entry["request"]?["postData"] != nil {
                found += problems(entry["request"]?["postData"], "postData", at: "\(place).request.postData")
            }
            for list in ["headers", "cookies", "queryString"] {
                for (item, pair) in (entry["request"]?[list]?.arrayValue ?? []).enumerated() {
                    found += problems(pair, "pair", at: "\(place).request.\(list)[\(item)]")
                }
            }
            for (item, pair) in (entry["response"]?["headers"]?.arrayValue ?? []).enumerated() {
                found += problems(pair, "pair", at: "\(place).response.headers[\(item)]")
            }
            for key in ["send", "wait", "receive"] where (entry["timings"]?[key]?.doubleValue ?? -1) < 0 {
                found.append("\(place).timings.\(key): must be a non-negative number")
            }
            if case .object(let cache)? = entry["cache"],
                cache.keys.contains(where: { !["beforeRequest", "afterRequest", "comment"].contains($0) })
            {
                found.append("\(place).cache: unknown member")
            }
            if ISOInstantCheck.isDate(entry["startedDateTime"]?.stringValue ?? "") == false {
                found.append("\(place).startedDateTime: not an ISO 8601 date")
            }
        }
        return found
    }

    @Test func theDocumentHasEveryFieldHAR12RequiresAndNothingElseUnprefixed() throws {
        let document = HARWriter.document(Self.cassette, creatorVersion: "9.9.9")
        #expect(Self.validate(document) == [])
        #expect(document["log"]?["creator"] == .object(["name": .string("locsim"), "version": .string("9.9.9")]))
        let timings = try #require(document["log"]?["entries"]?.arrayValue?.first?["timings"])
        #expect(timings["dns"] == .number("-1"))
        #expect(timings["connect"] == .number("-1"))
    }

    @Test func bodiesAreTextOrBase64ByContentAndPlaceholdersStay() throws {
        let entries = try #require(HARWriter.document(Self.cassette, creatorVersion: "1").pretty().data(using: .utf8))
        let document = try JSONValue.parse(utf8: Array(entries))
        let list = try #require(document["log"]?["entries"]?.arrayValue)
        #expect(list[0]["request"]?["url"]?.stringValue?.contains("client_id=<AERIS_CLIENT_ID>") == true)
        #expect(
            list[0]["request"]?["queryString"]
                == .array([
                    .object(["name": .string("client_id"), "value": .string("<AERIS_CLIENT_ID>")]),
                    .object(["name": .string("p"), "value": .string("a b")]),
                ]))
        #expect(list[0]["response"]?["content"]?["text"] == .string(#"{"a":[1,2.50]}"#))
        #expect(list[0]["response"]?["content"]?["encoding"] == nil)
        #expect(list[1]["request"]?["postData"]?["text"] == .string("a=1&b=2"))
        #expect(list[1]["response"]?["redirectURL"] == .string("https://x.example/"))
        #expect(list[1]["response"]?["statusText"] == .string("Found"))
        #expect(list[1]["startedDateTime"] == .string("1970-01-01T00:00:00.000Z"))
        #expect(list[2]["response"]?["content"]?["encoding"] == .string("base64"))
        #expect(list[2]["response"]?["content"]?["text"] == .string(Data(Self.png).base64EncodedString()))
        #expect(list[2]["response"]?["status"] == .number("299"))
    }

    @Test func itReadsBackIntoTheSameCassette() throws {
        let text = HARWriter.text(Self.cassette, creatorVersion: "1")
        let back = try HARReader.read(utf8: Array(text.utf8), path: "x.har", options: .replay())
        #expect(back.cassette.text() == Self.cassette.text())
        #expect(back.skipped.isEmpty)
    }
}

/// ISO 8601 date-times as HAR writes them (`2024-05-01T17:03:11.204Z`, `…-05:00`).
enum ISOInstantCheck {
    static func isDate(_ text: String) -> Bool {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        return formatter.date(from: text) != nil || plain.date(from: text) != nil
    }
}
