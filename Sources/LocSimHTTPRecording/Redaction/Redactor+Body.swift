import Foundation
import LocSimCanonicalJSON

extension Redactor {
    /// A body with its secret fields replaced by name (learning their values): the fields of a
    /// form (`application/x-www-form-urlencoded`, or `multipart/form-data`; a request body with
    /// no `Content-Type` that reads as a form is one, as URLSession sends it) and, in a body that
    /// opens like JSON (`{` or `[`, after spaces or a byte-order mark; duplicate keys and all),
    /// every member with a secret name at any depth whose value is a string or a number.
    /// Everything else keeps its exact bytes.
    func redactByName(body: [UInt8], contentType: String, host: String, isRequest: Bool = false) -> [UInt8] {
        guard !body.isEmpty else { return body }
        let type = contentType.lowercased()
        if type.contains("application/x-www-form-urlencoded")
            || (isRequest && type.isEmpty && Redactor.readsAsForm(body))
        {
            return Array(redactQuery(String(decoding: body, as: UTF8.self), host: host).utf8)
        }
        if type.contains("multipart/form-data"), let boundary = Redactor.boundary(in: contentType) {
            return redactMultipart(body, boundary: boundary, host: host)
        }
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let text = body.starts(with: bom) ? body.dropFirst(3) : body[...]
        guard
            text.first(where: { !Redactor.isJSONSpace($0) }).map({ $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") })
                == true
        else { return body }
        return Array(body[..<text.startIndex]) + redactJSONFields(Array(text), host: host)
    }

    /// Whether `body` reads as `name=value&…` (what URLSession labels a form when a request
    /// names no type): text with an `=` in its first pair and no JSON or XML opening.
    static func readsAsForm(_ body: [UInt8]) -> Bool {
        guard let text = String(validating: body, as: UTF8.self), let first = text.first,
            !"{[<".contains(first)
        else { return false }
        let pair = text.prefix { $0 != "&" }
        return pair.contains("=") && !pair.contains(where: \.isNewline)
    }

    /// The JSON text `bytes` with the value of each secret-named member (a string or number
    /// literal) replaced by the placeholder's string literal.
    private func redactJSONFields(_ bytes: [UInt8], host: String) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else {
                result.append(bytes[index])
                index += 1
                continue
            }
            let keyStart = index
            let end = Redactor.literalEnd(bytes, from: index)
            result += bytes[index...end]
            index = end + 1
            var colon = index
            while colon < bytes.count, Redactor.isJSONSpace(bytes[colon]) { colon += 1 }
            guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":"),
                case .string(let key)? = try? JSONValue.parse(String(decoding: bytes[keyStart...end], as: UTF8.self)),
                isSecretJSONField(key)
            else { continue }
            var start = colon + 1
            while start < bytes.count, Redactor.isJSONSpace(bytes[start]) { start += 1 }
            guard start < bytes.count else { continue }
            let valueEnd: Int
            let value: String
            if bytes[start] == UInt8(ascii: "\"") {
                valueEnd = Redactor.literalEnd(bytes, from: start)
                guard
                    case .string(let text)? = try? JSONValue.parse(
                        String(decoding: bytes[start...valueEnd], as: UTF8.self))
                else { continue }
                value = text
            } else if bytes[start] == UInt8(ascii: "-")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start])
            {
                var last = start
                while last + 1 < bytes.count, !Redactor.endsNumber(bytes[last + 1]) { last += 1 }
                valueEnd = last
                value = String(decoding: bytes[start...last], as: UTF8.self)
            } else {
                continue
            }
            guard !value.isEmpty, !RequestSignature.isPlaceholder(value) else { continue }
            let placeholder = placeholder(forParameter: key, value: value, host: host)
            learn(value, as: placeholder)
            result += bytes[index..<start]
            result += JSONValue.string(placeholder).compact().utf8
            index = valueEnd + 1
        }
        return result
    }

    /// A multipart body with the content of each part whose field name is secret replaced.
    private func redactMultipart(_ body: [UInt8], boundary: String, host: String) -> [UInt8] {
        let delimiter = Array("--\(boundary)".utf8)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        let starts = Redactor.occurrences(of: delimiter, in: body)
        guard starts.count >= 2 else { return body }
        var result: [UInt8] = []
        var next = 0
        for (position, start) in starts.dropLast().enumerated() {
            let partEnd = starts[position + 1]
            let partStart = start + delimiter.count
            guard let headerEnd = Redactor.occurrences(of: separator, in: Array(body[partStart..<partEnd])).first
            else { continue }
            let headers = String(decoding: body[partStart..<(partStart + headerEnd)], as: UTF8.self)
            guard let name = Redactor.fieldName(inPartHeaders: headers), isSecretParameter(name) else { continue }
            let contentStart = partStart + headerEnd + separator.count
            // The part's content ends before the CRLF that precedes the next delimiter.
            var contentEnd = partEnd
            if contentEnd - 2 >= contentStart, body[contentEnd - 2] == 13, body[contentEnd - 1] == 10 {
                contentEnd -= 2
            }
            let value = String(decoding: body[contentStart..<contentEnd], as: UTF8.self)
            guard !value.isEmpty, !RequestSignature.isPlaceholder(value) else { continue }
            let placeholder = placeholder(forParameter: name, value: value, host: host)
            learn(value, as: placeholder)
            result += body[next..<contentStart]
            result += placeholder.utf8
            next = contentEnd
        }
        result += body[next...]
        return result
    }

    /// The `boundary` parameter of a `multipart/…` media type.
    static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            let value =
                pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") && pair[1].count >= 2
                ? String(pair[1].dropFirst().dropLast()) : pair[1]
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The `name` of a part's `Content-Disposition: form-data; name="…"`.
    static func fieldName(inPartHeaders headers: String) -> String? {
        for line in headers.split(whereSeparator: \.isNewline)
        where line.lowercased().hasPrefix("content-disposition:") {
            for parameter in line.split(separator: ";").dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "name" else { continue }
                return pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") && pair[1].count >= 2
                    ? String(pair[1].dropFirst().dropLast()) : pair[1]
            }
        }
        return nil
    }

    /// Where `needle` starts in `bytes`, left to right, not overlapping.
    static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
        var found: [Int] = []
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
                found.append(index)
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }

    /// The index of the closing quote of the JSON string literal opening at `start` (or the last byte).
    static func literalEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var end = start + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        return min(end, bytes.count - 1)
    }

    static func isJSONSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func endsNumber(_ byte: UInt8) -> Bool {
        isJSONSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
    }
}
