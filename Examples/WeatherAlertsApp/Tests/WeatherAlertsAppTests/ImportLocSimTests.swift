import LocSim
import Testing

/// `import LocSim` alone gives the whole public API of the `LocSim` product: the GPX reader, and
/// the helper types its signatures carry, re-exported alone (`JSONValue`, `OperationError`); the
/// package's helpers themselves (`LocSimSupport`, `LocSimSafeXML`) are not (this file imports
/// nothing else from locsim).
struct ImportLocSimTests {
    static let track = Array(
        """
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="29.79577" lon="-91.50150"><time>2024-06-02T12:00:00Z</time></trkpt>
        <trkpt lat="29.70000" lon="-91.20000"><time>2024-06-02T12:10:00Z</time></trkpt>
        </trkseg></trk></gpx>
        """.utf8)

    @Test func validatesAGPXTrack() {
        let validation = GPXValidator().validate(bytes: Self.track, path: "franklin.gpx")
        #expect(validation.isValid)
        #expect(validation.summary.trackPoints == 2)
    }

    @Test func readsJSONValuesAndOperationErrors() throws {
        let value = try JSONValue.parse(#"{"event": "Coastal Flood Advisory", "n": 2}"#)
        #expect(value["event"]?.stringValue == "Coastal Flood Advisory")
        #expect(value["n"] == .number("2"))
        let error: ReplayError = OperationError(.invalidInput, "franklin.gpx: error: no points")
        #expect(error.description == "franklin.gpx: error: no points")
    }
}
