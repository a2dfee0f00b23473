import LocSimLocationCore
public import LocSimSupport

/// `xcode-gpx`: a GPX of timed `<wpt>` elements, the form Xcode plays (Scheme ▸ Options ▸
/// Default Location, or Debug ▸ Simulate Location). No namespace, like Xcode's own template;
/// times strictly increasing, UTC with `Z`; densified to `--max-step`; a jump is held
/// (``ExportTrack``: a hold `<wpt>` typed `locsim:hold` 1 ms before it, since Xcode moves in a
/// straight line between timed waypoints). `locsim validate` accepts it, and replaying it with
/// the settings of the replay it came from delivers the same fixes.
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
            text += "<time>\(ExportText.time(point.t, epoch: epoch))</time>"
            if point.isHold { text += "<type>\(GPXHold.type)</type>" }
            text += "</wpt>\n"
        }
        text += "</gpx>\n"
        return [ExportFile(name: input.name + ".gpx", text: text)]
    }
}
