import Foundation
import LocSimCanonicalJSON
import LocSimSupport

/// Reads one `log.entries[i]` into an interaction, or says why it is left out.
struct HAREntryReader {
    enum Outcome {
        case interaction(HTTPInteraction)
        case skipped(HARSkippedEntry.Reason)
    }

    /// Request headers that describe the connection or the wire form, not the request.
    static let droppedRequestHeaders: Set<String> = [
        "host", "content-length", "connection", "keep-alive", "transfer-encoding", "proxy-connection",
    ]

    let shape: HARShape
    let index: Int
    let options: HARImportOptions
    /// The entry's method and URL once read (for the skipped list).
    private(set) var method = ""
    private(set) var url = ""

    init(shape: HARShape, index: Int, options: HARImportOptions) {
        self.shape = shape
        self.index = index
        self.options = options
    }

    private func error(_ key: String, _ message: String) -> CassetteError {
        shape.error("log.entries[\(index)]" + (key.isEmpty ? "" : ".\(key)"), message)
    }

    private func object(_ value: JSONValue?, _ key: String) throws(CassetteError) -> [String: JSONValue] {
        guard let value else { throw error(key, "missing (HAR 1.2 requires it)") }
        guard case .object(let members) = value else { throw error(key, "expected an object") }
        return members
    }

    private func string(_ value: JSONValue?, _ key: String) throws(CassetteError) -> String {
        guard let value else { throw error(key, "missing (HAR 1.2 requires it)") }
        guard let text = value.stringValue else { throw error(key, "expected a string") }
        return text
    }

    mutating func read(_ value: JSONValue) throws(CassetteError) -> Outcome {
        guard case .object(let entry) = value else { throw error("", "expected an object") }
        let request = try object(entry["request"], "request")
        let response = try object(entry["response"], "response")
        let started = try string(entry["startedDateTime"], "startedDateTime")
        method = try string(request["method"], "request.method")
        url = try string(request["url"], "request.url")
        guard !method.isEmpty else { throw error("request.method", "expected a non-empty string") }
        let parts = URLParts(url)
        guard let scheme = HAREntryReader.scheme(of: url) else {
            throw error(
                "request.url", "'\(options.redactor.redact(url: url))' has no scheme (expected http:// or https://)")
        }
        let requestHeaders = try headers(request["headers"], "request.headers")
        let responseHeaders = try headers(response["headers"], "response.headers")
        guard let statusValue = response["status"] else {
            throw error("response.status", "missing (HAR 1.2 requires it)")
        }
        guard case .number(let literal) = statusValue,
            let status = Int(literal) ?? Double(literal).flatMap({ Int(exactly: $0) })
        else { throw error("response.status", "expected an integer, got \(statusValue.compact())") }
        let content = try object(response["content"], "response.content")
        // Bodies are checked (cap, base64) before any entry is left out, so bad input is an
        // error whichever host or kind the entry has.
        let requestBody = try requestBody(request["postData"])
        let contentEncoding = (responseHeaders.first { $0.key.lowercased() == "content-encoding" }?.value ?? "")
            .trimmingCharacters(in: .whitespaces).lowercased()
        let decoded = try responseBody(
            content, status: status, bodySize: response["bodySize"]?.doubleValue, contentEncoding: contentEncoding)

        if ["ws", "wss"].contains(scheme) || status == 101 || isWebSocket(entry) { return .skipped(.webSocket) }
        guard ["http", "https"].contains(scheme), !parts.host.isEmpty else { return .skipped(.scheme(scheme)) }
        guard method.utf8.allSatisfy(HAREntryReader.isTokenByte) else { return .skipped(.method(method)) }
        if let hosts = options.hosts, !hosts.contains(parts.host) { return .skipped(.otherHost(parts.host)) }
        guard (100...599).contains(status) else { return .skipped(.status(status)) }
        let mimeType = content["mimeType"]?.stringValue ?? ""
        if !options.includesImages,
            entry["_resourceType"]?.stringValue?.lowercased() == "image" || mimeType.lowercased().hasPrefix("image/")
        {
            return .skipped(.image)
        }
        guard let body = decoded else {
            let size = max(content["size"]?.doubleValue ?? 0, response["bodySize"]?.doubleValue ?? 0)
            if let encoding = content["encoding"]?.stringValue, encoding != "base64", !encoding.isEmpty {
                return .skipped(.encoding(encoding))
            }
            if content["text"]?.stringValue.flatMap(HAREntryReader.hexChunks) != nil {
                return .skipped(.compressed(contentEncoding))
            }
            return .skipped(.bodyLeftOut(size: Int(min(size, Double(1 << 50)))))
        }
        let recordedAt = entry[HARWriter.recordedAtKey]?.stringValue ?? started
        let kept = requestHeaders.filter { !HAREntryReader.droppedRequestHeaders.contains($0.key.lowercased()) }
        // Headers that hold placeholders only (`Bearer <TOKEN>`, as a HAR locsim exported holds
        // them) are kept by the redactor; any other value of a secret header is replaced.
        let redactedRequest = options.redactor.redact(
            HTTPRequest(method: method, url: url, headers: kept, body: requestBody.bytes), bodyType: requestBody.type)
        // A body's type only in `content.mimeType` (no `Content-Type` header, as some tools
        // export it) becomes the header, so `serve` answers with it.
        var typedHeaders = responseHeaders
        if !body.isEmpty, !mimeType.isEmpty, mimeType != "x-unknown",
            !responseHeaders.keys.contains(where: { $0.lowercased() == "content-type" })
        {
            typedHeaders["Content-Type"] = mimeType
        }
        let redactedResponse = options.redactor.redact(
            HTTPResponse(status: status, headers: typedHeaders, body: body))
        let origin = entry[HARWriter.originKey]?.stringValue.flatMap {
            $0.isEmpty ? nil : InteractionOrigin(rawValue: $0)
        }
        let interaction = HTTPInteraction(
            request: redactedRequest, response: redactedResponse, recordedAt: recordedAt, origin: origin)
        return .interaction(interaction.normalized())
    }

    /// The lowercased scheme of `url` (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`,
    /// before the first `:`), or `nil` when it has none.
    static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let name = url[..<colon]
        guard let first = name.first, first.isASCII, first.isLetter,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return name.lowercased()
    }

    /// Proxyman's `_webSocketMessages`, Chrome's `_resourceType: "websocket"`.
    private func isWebSocket(_ entry: [String: JSONValue]) -> Bool {
        if let messages = entry["_webSocketMessages"]?.arrayValue, !messages.isEmpty { return true }
        return entry["_resourceType"]?.stringValue?.lowercased() == "websocket"
    }

    /// A HAR header list as a dictionary: HTTP/2 pseudo-headers (`:authority`) dropped, a
    /// repeated name's values joined with `, `.
    private func headers(_ value: JSONValue?, _ key: String) throws(CassetteError) -> [String: String] {
        guard let value else { throw error(key, "missing (HAR 1.2 requires it)") }
        guard let list = value.arrayValue else { throw error(key, "expected an array of {name, value}") }
        var result: [String: String] = [:]
        var spelling: [String: String] = [:]
        for (position, item) in list.enumerated() {
            guard let name = item["name"]?.stringValue, let text = HAREntryReader.headerText(item["value"]) else {
                throw error("\(key)[\(position)]", "expected an object with string 'name' and 'value'")
            }
            for (part, text) in [("name", name), ("value", text)]
            where text.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) {
                throw error(
                    "\(key)[\(position)].\(part)",
                    "holds a CR, LF or NUL, which no HTTP header can carry; fix or remove that header in the HAR "
                        + "(nothing was imported)")
            }
            guard !name.isEmpty, !name.hasPrefix(":") else { continue }
            let lower = name.lowercased()
            if let first = spelling[lower] {
                result[first] = result[first, default: ""] + ", " + text
            } else {
                spelling[lower] = name
                result[name] = text
            }
        }
        return result
    }

    /// A header value: a string; Polly.JS's array of strings, joined with `, `; a number as written.
    private static func headerText(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: return text
        case .number(let literal)?: return literal
        case .array(let items)?:
            let texts = items.compactMap(\.stringValue)
            return texts.count == items.count ? texts.joined(separator: ", ") : nil
        default: return nil
        }
    }

    /// The response body, or `nil` when the producer left it out (or wrote an encoding locsim
    /// does not know). A missing `content.text` is an empty body for a status that has none to
    /// speak of (1xx, 204, 3xx) or when both `content.size` and `bodySize` say 0 bytes; otherwise
    /// the body was left out (Chrome, Firefox and Playwright omit images and large or streamed
    /// bodies, BrowserMob and Browsertime every body).
    private func responseBody(
        _ content: [String: JSONValue], status: Int, bodySize: Double?, contentEncoding: String
    ) throws(CassetteError) -> [UInt8]? {
        let cap = options.maxBodyBytes
        if let size = content["size"]?.doubleValue, size > Double(cap) {
            throw error(
                "response.content.size",
                "claims \(describeByteCount(Int(min(size, Double(1 << 50))))), larger than the "
                    + "\(describeByteCount(cap)) body cap (--max-body-mib); nothing was imported")
        }
        let encoding = content["encoding"]?.stringValue ?? ""
        guard let textValue = content["text"] else {
            if status < 200 || status == 204 || (300..<400).contains(status) { return [] }
            let size = content["size"]?.doubleValue
            return size == 0 && (bodySize ?? 0) <= 0 ? [] : nil
        }
        guard let text = textValue.stringValue else { throw error("response.content.text", "expected a string") }
        switch encoding {
        case "":
            // Polly.JS keeps a body it did not decode (`_isBinary`, or compressed) as a JSON array
            // of hex chunks of the bytes as sent; a compressed one is left out (the caller says why).
            let compressed = !["", "identity"].contains(contentEncoding)
            if compressed || content["_isBinary"] == .bool(true), let bytes = HAREntryReader.hexChunks(text) {
                return compressed ? nil : try capped(bytes, "response.content.text")
            }
            return try capped(Array(text.utf8), "response.content.text")
        case "base64": return try decodeBase64(text, "response.content.text")
        default: return nil
        }
    }

    /// The bytes of `text` when it is a JSON array of hex strings (`["1f8b08…", "…"]`), as
    /// Polly.JS writes a body it did not decode; nil for anything else.
    static func hexChunks(_ text: String) -> [UInt8]? {
        guard text.utf8.first == UInt8(ascii: "["), case .array(let items)? = try? JSONValue.parse(text),
            !items.isEmpty
        else { return nil }
        var bytes: [UInt8] = []
        for item in items {
            guard let chunk = item.stringValue, !chunk.isEmpty, chunk.utf8.count % 2 == 0 else { return nil }
            var high: UInt8?
            for digit in chunk.utf8 {
                guard let value = HAREntryReader.hexValue(digit) else { return nil }
                if let first = high {
                    bytes.append(first << 4 | value)
                    high = nil
                } else {
                    high = value
                }
            }
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `postData.text` (base64-decoded under `_encoding`/`encoding: "base64"`) with its type
    /// `postData.mimeType`, else `postData.params` form-encoded (type
    /// `application/x-www-form-urlencoded`); empty without `postData`. The type tells the
    /// redactor how to read a body whose request has no `Content-Type` header.
    private func requestBody(_ value: JSONValue?) throws(CassetteError) -> (bytes: [UInt8], type: String?) {
        guard let value else { return ([], nil) }
        guard case .object(let postData) = value else { throw error("request.postData", "expected an object") }
        let mimeType = postData["mimeType"]?.stringValue
        if let text = postData["text"]?.stringValue, !text.isEmpty || postData["params"]?.arrayValue?.isEmpty != false {
            let encoding = postData["_encoding"]?.stringValue ?? postData["encoding"]?.stringValue
            if encoding == "base64" { return (try decodeBase64(text, "request.postData.text"), mimeType) }
            return (try capped(Array(text.utf8), "request.postData.text"), mimeType)
        }
        guard let params = postData["params"]?.arrayValue else { return ([], mimeType) }
        var pairs: [String] = []
        for (position, item) in params.enumerated() {
            guard let name = item["name"]?.stringValue else {
                throw error("request.postData.params[\(position)].name", "expected a string")
            }
            let value = item["value"]?.stringValue ?? ""
            pairs.append(
                PercentEncoding.encode(name, spaceAsPlus: true) + "=" + PercentEncoding.encode(value, spaceAsPlus: true)
            )
        }
        return (
            try capped(Array(pairs.joined(separator: "&").utf8), "request.postData.params"),
            "application/x-www-form-urlencoded"
        )
    }

    private func capped(_ bytes: [UInt8], _ key: String) throws(CassetteError) -> [UInt8] {
        guard bytes.count <= options.maxBodyBytes else {
            throw error(
                key,
                "\(describeByteCount(bytes.count)) is larger than the \(describeByteCount(options.maxBodyBytes)) body cap"
            )
        }
        return bytes
    }

    private func decodeBase64(_ text: String, _ key: String) throws(CassetteError) -> [UInt8] {
        guard text.utf8.count / 4 * 3 <= options.maxBodyBytes + 3 else {
            throw error(
                key,
                "\(describeByteCount(text.utf8.count / 4 * 3)) is larger than the "
                    + "\(describeByteCount(options.maxBodyBytes)) body cap")
        }
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters),
            text.utf8.allSatisfy({ HAREntryReader.isBase64Byte($0) })
        else { throw error(key, "invalid base64 (content.encoding is \"base64\")") }
        return try capped(Array(data), key)
    }

    private static func isBase64Byte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="),
            UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            true
        default: false
        }
    }

    /// RFC 9110 `tchar`: what a method may be made of.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
