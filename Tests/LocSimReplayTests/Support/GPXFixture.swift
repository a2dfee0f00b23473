import Foundation
import LocSimLocationCore
import LocSimSupport

/// GPX documents written by the tests into a fresh temporary directory.
struct GPXFixture {
    /// 2024-01-01T00:00:00Z: the clock of every timed fixture.
    static let epoch = 1_704_067_200.0

    /// One point of a fixture: a coordinate and, for timed points, seconds after ``epoch``.
    struct Point {
        var coordinate: Coordinate
        var time: Double?

        init(_ latitude: Double, _ longitude: Double, time: Double? = nil) {
            coordinate = Coordinate(latitude: latitude, longitude: longitude)
            self.time = time
        }

        init(_ coordinate: Coordinate, time: Double? = nil) {
            self.coordinate = coordinate
            self.time = time
        }
    }

    /// The directory the fixture lives in; removed by ``remove()``.
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("replaytests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Writes `text` as `name` and returns its absolute path.
    @discardableResult
    func write(_ text: String, as name: String = "track.gpx") throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A GPX 1.1 document (namespaced) around `body`.
    static func document(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="replaytests" xmlns="http://www.topografix.com/GPX/1/1">
        \(body)
        </gpx>
        """
    }

    /// `<tag lat lon>[<time>]</tag>` with coordinates to 10 decimals (~0.01 mm).
    static func element(_ tag: String, _ point: Point) -> String {
        let lat = String(format: "%.10f", point.coordinate.latitude)
        let lon = String(format: "%.10f", point.coordinate.longitude)
        let time = point.time.flatMap { ISO8601Timestamp.format(epochSeconds: epoch + $0) }
        return "<\(tag) lat=\"\(lat)\" lon=\"\(lon)\">" + (time.map { "<time>\($0)</time>" } ?? "") + "</\(tag)>"
    }

    /// One track with one segment of `points`.
    static func track(_ points: [Point]) -> String {
        document("<trk><trkseg>\n" + points.map { element("trkpt", $0) }.joined(separator: "\n") + "\n</trkseg></trk>")
    }

    /// Points along the meridian of `start`, `spacing` metres apart, one every `step` seconds.
    static func meridian(
        from start: Coordinate = Coordinate(latitude: 29.0, longitude: -91.5), count: Int, spacing: Double,
        step: Double? = 1
    ) -> [Point] {
        (0..<count).map { index in
            let position = Geodesic.wgs84.direct(from: start, azimuth: 0, distance: Double(index) * spacing)
            return Point(position.coordinate, time: step.map { Double(index) * $0 })
        }
    }
}
