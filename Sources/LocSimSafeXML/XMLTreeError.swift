/// Why `XMLTreeElement.parse` rejected a document, with the place (1-based; 0 when unknown).
package struct XMLTreeError: Error, Sendable, Hashable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var message: String

    package init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: message`.
    package var description: String { "\(line):\(column): \(message)" }
}
