import Foundation
import LocSimLocationCore

/// The points of a GPX file under the package's `Waypoints/` (read as text: the tests need the
/// coordinates only, in file order).
enum WaypointsTrack {
    static func points(_ name: String) throws -> [Coordinate] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Waypoints").appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.matches(of: /<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)"/).compactMap { match in
            guard let latitude = Double(match.1), let longitude = Double(match.2) else { return nil }
            return Coordinate(latitude: latitude, longitude: longitude)
        }
    }
}
