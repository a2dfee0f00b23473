import LocSimSupport

/// A request head read strictly (RFC 9112): request line, header fields, and how the body is
/// framed. Anything ambiguous is refused rather than guessed (request smuggling). Both of the
/// package's servers read requests this way: `locsim serve` and the tests' `LoopbackHTTPServer`.
package struct HTTPRequestHead: Sendable {
    package var method: String
    /// The request target as sent: origin form (`/aeris/alerts?x=1`) or absolute (`http://host/…`).
    package var target: String
    /// `1` for HTTP/1.1, `0` for HTTP/1.0.
    package var minorVersion: Int
    /// Header fields in arrival order, names as sent, values without surrounding blanks.
    package var headers: [(name: String, value: String)]

    /// Why a head was refused: the status to answer and a sentence for the log.
    package struct Failure: Error, Equatable {
        package var status: Int
        package var reason: String
    }

    /// How the body is delimited.
    package enum Framing: Equatable {
        case length(Int)
        case chunked
    }

    /// The first value of header `name` (given in lowercase), compared case-insensitively.
    package func header(_ name: String) -> String? {
        headers.first { HTTPWire.isField($0.name, named: name) }?.value
    }

    /// Parses the head's bytes (without the final blank line).
    package static func parse(_ bytes: ArraySlice<UInt8>) -> Result<HTTPRequestHead, Failure> {
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 13 {
                guard index + 1 < bytes.endIndex, bytes[index + 1] == 10 else { return bad("a bare CR in the head") }
                lines.append(bytes[lineStart..<index])
                index += 2
                lineStart = index
                continue
            }
            if bytes[index] == 10 { return bad("a bare LF in the head") }
            index += 1
        }
        lines.append(bytes[lineStart..<bytes.endIndex])

        let parts = lines[0].split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            return bad("the request line is not METHOD TARGET HTTP/1.x")
        }
        guard parts[0].allSatisfy(HTTPWire.isTokenByte) else { return bad("the method is not a token") }
        guard parts[1].allSatisfy({ $0 > 32 && $0 < 127 }) else {
            return bad("the request target has a blank or a control character")
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        let minor: Int
        switch version {
        case "HTTP/1.1": minor = 1
        case "HTTP/1.0": minor = 0
        default:
            guard version.hasPrefix("HTTP/"), version.count == 8 else { return bad("the version is not HTTP/1.x") }
            return .failure(Failure(status: 505, reason: "only HTTP/1.0 and HTTP/1.1 are served, not \(version)"))
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
                return bad("a header line has no field name")
            }
            let name = line[line.startIndex..<colon]
            guard name.allSatisfy(HTTPWire.isTokenByte) else {
                return bad("a header field name is not a token (or is folded)")
            }
            let value = line[(colon + 1)...]
            guard value.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) }) else {
                return bad("a header field value has a control character")
            }
            let trimmed = value.drop { $0 == 32 || $0 == 9 }.reversed().drop { $0 == 32 || $0 == 9 }.reversed()
            headers.append((String(decoding: name, as: UTF8.self), String(decoding: Array(trimmed), as: UTF8.self)))
        }
        let head = HTTPRequestHead(
            method: String(decoding: parts[0], as: UTF8.self), target: String(decoding: parts[1], as: UTF8.self),
            minorVersion: minor, headers: headers)
        if minor == 1, head.header("host") == nil { return bad("an HTTP/1.1 request without Host") }
        if headers.lazy.filter({ HTTPWire.isField($0.name, named: "host") }).count > 1 {
            return bad("more than one Host header")
        }
        return .success(head)
    }

    /// The body's framing: `Transfer-Encoding: chunked`, or one `Content-Length`, or none.
    package func framing(maxBodyBytes: Int) -> Result<Framing, Failure> {
        let encodings = headers.filter { HTTPWire.isField($0.name, named: "transfer-encoding") }
        let lengths = headers.filter { HTTPWire.isField($0.name, named: "content-length") }
        if !encodings.isEmpty {
            guard minorVersion >= 1 else { return Self.bad("Transfer-Encoding in an HTTP/1.0 request") }
            guard lengths.isEmpty else { return Self.bad("both Transfer-Encoding and Content-Length") }
            let codings = encodings.flatMap { $0.value.lowercased().split(separator: ",") }
                .map { String($0).trimmingBlanks() }
            guard codings == ["chunked"] else {
                return .failure(Failure(status: 501, reason: "only Transfer-Encoding: chunked is accepted"))
            }
            return .success(.chunked)
        }
        // Every element counts: an empty `Content-Length:` (or `5,`) is refused, not taken as 0.
        let values = Set(
            lengths.flatMap {
                $0.value.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingBlanks() }
            })
        guard let text = values.first else { return .success(.length(0)) }
        guard values.count == 1, !text.isEmpty, text.count <= 18, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let length = Int(text)
        else { return Self.bad("the Content-Length is not one whole number") }
        guard length <= maxBodyBytes else {
            return .failure(Failure(status: 413, reason: "the request body is larger than \(maxBodyBytes) bytes"))
        }
        return .success(.length(length))
    }

    private static func bad<T>(_ reason: String) -> Result<T, Failure> {
        .failure(Failure(status: 400, reason: reason))
    }
}
