import LocSim
import Testing

/// `import LocSim` alone gives the whole public API of the `LocSim` product: the GPX reader and
/// the safe XML reader included (this file imports nothing else from locsim).
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

    @Test func parsesXMLSafely() throws {
        let root = try XMLTreeElement.parse(bytes: Self.track)
        #expect(root.name == "gpx")
        #expect(root.children.map(\.name) == ["trk"])
    }
}
