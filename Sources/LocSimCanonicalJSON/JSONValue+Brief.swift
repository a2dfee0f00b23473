extension JSONValue {
    /// A short rendering for messages: the compact JSON itself when at most 40 characters, else
    /// its kind (`an object`, `an array`, `a long string`) or its first 40 characters.
    package var brief: String {
        let text = compact()
        if text.count <= 40 { return text }
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a long string"
        default: return String(text.prefix(40)) + "…"
        }
    }
}
