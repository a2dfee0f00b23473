import LocSimCanonicalJSON

extension Redactor {
    /// `text` with every secret value replaced by `<VARIABLE_NAME>` however it is spelled: raw,
    /// percent- or form-encoded, with JSON `\u` escapes, or encoded (base64 at any alignment,
    /// hex, UTF-16, Latin-1, mojibake: ``encodedNeedles(of:)``). This is what
    /// the CLI applies to everything it prints or writes besides cassettes (the transcript, the
    /// text timeline, messages, maps, JUnit reports): whatever a provider echoes back. Unlike
    /// ``scrub(_:)`` it replaces values of any length, since a mangled word in output is better
    /// than a leaked key.
    public func redactText(_ text: String) -> String {
        guard !secrets.isEmpty else { return text }
        var text = text
        let clean = text.withUTF8 { !printedFilter.mayContain($0) }
        if clean { return text }
        return String(decoding: redactingAllForms(Array(text.utf8)), as: UTF8.self)
    }

    /// `bytes` with every secret value replaced in every spelling, the encoded ones included.
    private func redactingAllForms(_ text: [UInt8]) -> [UInt8] {
        var bytes = text
        let reading = Redactor.utf16Reading(of: text)
        for (variable, value) in self.secrets {
            let placeholder = "<\(variable)>"
            if Redactor.spells(value, in: bytes) {
                bytes = Redactor.replacingSpellings(of: value, in: bytes, with: placeholder)
            }
            bytes = Redactor.replacingEncodedSpellings(of: value, in: bytes, reading: reading, with: placeholder)
        }
        return bytes
    }

    /// The JSON text `bytes` with each string literal (keys included) that holds a secret value
    /// (in any spelling ``redactText(_:)`` knows, base64 included) rewritten with placeholders in
    /// its place. Everything outside string literals keeps its
    /// exact bytes, so redaction never turns JSON syntax (`true`, `null`, numbers) into text.
    func redactJSONStrings(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else {
                result.append(bytes[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            end = min(end, bytes.count - 1)
            let literal = bytes[index...end]
            result += redactedLiteral(Array(literal)) ?? Array(literal)
            index = end + 1
        }
        return result
    }

    /// A JSON string literal with its secrets replaced, or `nil` when it holds none.
    private func redactedLiteral(_ literal: [UInt8]) -> [UInt8]? {
        guard case .string(let decoded)? = try? JSONValue.parse(String(decoding: literal, as: UTF8.self)) else {
            return nil
        }
        let text = redactingAllForms(Array(decoded.utf8))
        guard text != Array(decoded.utf8) else { return nil }
        return Array(JSONValue.string(String(decoding: text, as: UTF8.self)).compact().utf8)
    }
}
