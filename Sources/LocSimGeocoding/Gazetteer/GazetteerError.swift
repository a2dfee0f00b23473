/// A gazetteer data file that cannot be read or is malformed.
public struct GazetteerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, naming the file.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
