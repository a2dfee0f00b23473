import LocSimLocationCore
public import LocSimSupport

/// `android-gpx`: a GPX 1.1 track (`trk/trkseg/trkpt`, each timed) for the Android emulator's
/// location player (Extended controls ▸ Location ▸ Routes/GPX), which rejects waypoint-only
/// files. Elevations are kept when the track has them.
public struct AndroidGPXFormat: ExportFormat {
    public init() {}

    public var name: String { "android-gpx" }
    public var summary: String { "Timed GPX track for the Android emulator's location player." }

    public func export(_ input: ExportInput, options: ExportOptions) throws(ExportError) -> [ExportFile] {
        let points = try ExportTrack.points(input, options: options)
        let epoch = input.epoch
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="locsim" xmlns="http://www.topografix.com/GPX/1/1">
              <trk>
                <name>\(XMLEscaping.escape(input.name))</name>
                <desc>\(XMLEscaping.escape(input.source)): \(options.fixes.rawValue) fixes, \
            at most \(options.maxStep) apart</desc>
                <trkseg>

            """
        for point in points {
            text += "      <trkpt lat=\"\(ExportText.degrees(point.coordinate.latitude))\" "
            text += "lon=\"\(ExportText.degrees(point.coordinate.longitude))\">"
            if let altitude = point.altitude, altitude.isFinite {
                text += "<ele>\(ExportText.decimal(altitude))</ele>"
            }
            text += "<time>\(ExportText.time(point.t, epoch: epoch))</time>"
            if point.isHold { text += "<type>\(GPXHold.type)</type>" }
            text += "</trkpt>\n"
        }
        text += "    </trkseg>\n  </trk>\n</gpx>\n"
        return [ExportFile(name: input.name + ".android.gpx", text: text)]
    }
}
