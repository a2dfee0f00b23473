/// The export formats `--to` can name: the built-ins, plus any a library user registers.
public struct ExportFormatRegistry: Sendable {
    /// The formats in help order.
    public private(set) var formats: [any ExportFormat]

    /// The built-in formats, in `--help` order: the one list of them (a line per format).
    public static let builtIn = ExportFormatRegistry(formats: [
        XcodeGPXFormat(), SimctlScriptFormat(), APNsFormat(), GeoJSONFormat(), AndroidGPXFormat(),
        DevicectlScriptFormat(),
    ])

    public init(formats: [any ExportFormat]) {
        self.formats = []
        for format in formats { register(format) }
    }

    /// Adds `format`, replacing a registered one of the same name.
    public mutating func register(_ format: any ExportFormat) {
        if let index = formats.firstIndex(where: { $0.name == format.name }) {
            formats[index] = format
        } else {
            formats.append(format)
        }
    }

    /// Every registered name, in order.
    public var names: [String] { formats.map(\.name) }

    /// The format called `name`, or `nil`.
    public func format(named name: String) -> (any ExportFormat)? {
        formats.first { $0.name == name }
    }
}
