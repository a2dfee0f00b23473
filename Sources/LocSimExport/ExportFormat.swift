public import LocSimSupport

/// One way of writing a replay for another tool (docs/contract.md, Command line): Xcode, `simctl`, the Android
/// emulator, geojson.io. Conformers are pure: the same input and options give the same bytes.
///
/// A format is an open protocol, like providers and geocoders: the built-ins are ordinary
/// conformers registered by name in ``ExportFormatRegistry``, and a library user registers their
/// own under a name of theirs.
public protocol ExportFormat: Sendable {
    /// The name `--to` takes (`xcode-gpx`).
    var name: String { get }
    /// One line for help and docs.
    var summary: String { get }
    /// Whether the format writes several files (then `-o` names a directory).
    var writesSeveralFiles: Bool { get }

    /// Checks the options before anything runs (`apns` needs a bundle ID).
    ///
    /// - Throws: ``ExportError`` (`.usage`) naming the missing or contradictory option.
    func validate(_ options: ExportOptions) throws(ExportError)

    /// The files the replay becomes, in the order they are written.
    ///
    /// - Throws: ``ExportError`` for options the format needs but lacks (`.usage`) or a replay
    ///   it cannot express (`.data`).
    func export(_ input: ExportInput, options: ExportOptions) throws(ExportError) -> [ExportFile]
}

extension ExportFormat {
    public var writesSeveralFiles: Bool { false }

    public func validate(_ options: ExportOptions) throws(ExportError) {}
}
