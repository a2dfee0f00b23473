/// One output file of an export: its name (no directory), its bytes and whether it is a script.
public struct ExportFile: Sendable, Hashable {
    /// The file name, e.g. `franklin-la.gpx`.
    public var name: String
    /// The exact contents.
    public var bytes: [UInt8]
    /// Whether it is written executable (`chmod 755`): the shell scripts.
    public var isExecutable: Bool

    public init(name: String, bytes: [UInt8], isExecutable: Bool = false) {
        self.name = name
        self.bytes = bytes
        self.isExecutable = isExecutable
    }

    /// A UTF-8 text file.
    public init(name: String, text: String, isExecutable: Bool = false) {
        self.init(name: name, bytes: Array(text.utf8), isExecutable: isExecutable)
    }

    /// The contents as UTF-8 text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
