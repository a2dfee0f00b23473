/// Why `XMLTreeElement.parse` rejected a document, with the place (1-based; 0 when unknown).
public struct XMLTreeError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
