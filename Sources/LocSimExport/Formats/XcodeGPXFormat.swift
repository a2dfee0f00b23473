import LocSimLocationCore
public import LocSimSupport

/// `xcode-gpx`: a GPX of timed `<wpt>` elements, the form Xcode plays (Scheme ▸ Options ▸
/// Default Location, or Debug ▸ Simulate Location). No namespace, like Xcode's own template;
/// times strictly increasing, UTC with `Z`; densified to `--max-step`. `locsim validate` accepts
/// it and `locsim replay --no-noise` of it delivers the same fixes as the original.
public struct XcodeGPXFormat: ExportFormat {
    public init() {}

    public var name: String { "xcode-gpx" }
    public var summary: String { "GPX of timed <wpt> elements for Xcode's location simulation." }

    public func export(_ input: ExportInput, options: ExportOptions) throws(ExportError) -> [ExportFile] {
        let points = try ExportTrack.points(input, options: options)
        let epoch = input.epoch
        var text = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="locsim">
              <!-- \(ExportText.xmlComment(input.source)): \(options.fixes.rawValue) fixes, \
            at most \(options.maxStep) apart -->

            """
        for point in points {
            text += "  <wpt lat=\"\(ExportText.degrees(point.coordinate.latitude))\" "
            text += "lon=\"\(ExportText.degrees(point.coordinate.longitude))\">"
            text += "<time>\(ExportText.time(point.t, epoch: epoch))</time></wpt>\n"
        }
        text += "</gpx>\n"
        return [ExportFile(name: input.name + ".gpx", text: text)]
    }
}
