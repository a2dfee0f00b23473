import LocSimHTTPRecording

extension CommandContext {
    /// `bytes` as a command writes them to a file the user named (`-o FILE`, an export folder):
    /// redacted exactly as ``stdout`` is (``RedactingTextOutput``, ``Redactor/redactText(_:)``),
    /// so a secret a hand-edited cassette holds reaches no output, file or stream. Bytes that are
    /// not UTF-8 text are returned unchanged.
    func redactedForOutput(_ bytes: [UInt8]) -> [UInt8] {
        let redactor = redactor
        guard !redactor.secrets.isEmpty, let text = String(validating: bytes, as: UTF8.self) else { return bytes }
        return Array(redactor.redactText(text).utf8)
    }

    /// ``redactedForOutput(_:)`` for text.
    func redactedForOutput(_ text: String) -> String {
        String(decoding: redactedForOutput(Array(text.utf8)), as: UTF8.self)
    }
}
