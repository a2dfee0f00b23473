import LocSimCanonicalJSON
import LocSimLocationCore
import LocSimSimulation
public import LocSimSupport

/// `geojson`: the replay as a GeoJSON FeatureCollection (RFC 7946) for geojson.io or QGIS:
///
/// - the raw track as a `LineString` (a `Point` for a single fix), `kind: "track"`, with the
///   events that come before the first place (authorization, errors) as `events`;
/// - each delivered fix as a `Point`, `kind: "location"`, with `t`, `timestamp`,
///   `horizontalAccuracy` and `filterRadius` (metres; `null` for distance filter `none`);
/// - each place (`LOCATION_AVAILABLE`) as a `Point`, `kind: "place"`, with its names and the
///   `advisories`, `pushes` and other `events` that follow it, as transcript objects.
///
/// One feature per line, keys sorted; coordinates `[longitude, latitude]` with 6 decimals.
/// `--fixes` and `--max-step` do not apply: the file shows the whole replay.
public struct GeoJSONFormat: ExportFormat {
    public init() {}

    public var name: String { "geojson" }
    public var summary: String { "GeoJSON FeatureCollection: track, delivered fixes, places, advisories, pushes." }

    public func export(_ input: ExportInput, options: ExportOptions) throws(ExportError) -> [ExportFile] {
        guard !input.rawFixes.isEmpty else { throw ExportError(.data, "the replay produced no fixes") }
        var features: [JSONValue] = []
        var trackEvents: [JSONValue] = []
        var place: (geometry: JSONValue, properties: [String: JSONValue])?
        var advisories: [JSONValue] = []
        var pushes: [JSONValue] = []
        var events: [JSONValue] = []

        func closePlace() {
            guard var current = place else { return }
            current.properties["advisories"] = .array(advisories)
            current.properties["pushes"] = .array(pushes)
            current.properties["events"] = .array(events)
            features.append(Self.feature(current.geometry, current.properties))
            (place, advisories, pushes, events) = (nil, [], [], [])
        }

        var locations: [JSONValue] = []
        for line in input.transcript {
            let info = line.notification.userInfo
            switch line.notification.name {
            case .location:
                guard let fix = DeliveredFix(line: line) else { continue }
                var properties: [String: JSONValue] = [
                    "kind": .string("location"), "t": .fixed(fix.t, decimals: 3),
                    "horizontalAccuracy": line.json["horizontalAccuracy"] ?? .null,
                    "filterRadius": input.filterRadius.map(JSONValue.double) ?? .null,
                ]
                if let timestamp = fix.timestamp { properties["timestamp"] = .string(timestamp) }
                locations.append(Self.feature(Self.point(fix.coordinate), properties))
            case .locationAvailable:
                closePlace()
                guard let latitude = info["latitude"].flatMap(Double.init),
                    let longitude = info["longitude"].flatMap(Double.init)
                else { continue }
                var properties: [String: JSONValue] = ["kind": .string("place"), "t": .fixed(line.t, decimals: 3)]
                for key in ["city", "state", "country", "isoCountryCode"] {
                    if let value = info[key] { properties[key] = .string(value) }
                }
                place = (Self.point(Coordinate(latitude: latitude, longitude: longitude)), properties)
            case .advisoryAvailable, "ADVISORY_UPDATED", "ADVISORY_CANCELLED":
                if place == nil { trackEvents.append(line.json) } else { advisories.append(line.json) }
            case .push:
                if place == nil { trackEvents.append(line.json) } else { pushes.append(line.json) }
            default:
                if place == nil { trackEvents.append(line.json) } else { events.append(line.json) }
            }
        }
        closePlace()

        let raw = input.rawFixes.map { Self.position($0.coordinate) }
        let trackGeometry: JSONValue =
            raw.count == 1
            ? .object(["type": .string("Point"), "coordinates": raw[0]])
            : .object(["type": .string("LineString"), "coordinates": .array(raw)])
        let track = Self.feature(
            trackGeometry,
            [
                "kind": .string("track"), "source": .string(input.source), "rawFixes": .int(input.rawFixes.count),
                "duration": .fixed(input.rawFixes.last!.t - input.rawFixes.first!.t, decimals: 3),
                "events": .array(trackEvents),
            ])
        let all = [track] + locations + features
        let text =
            "{\"type\":\"FeatureCollection\",\"features\":[\n"
            + all.map { $0.compact() }.joined(separator: ",\n") + "\n]}\n"
        return [ExportFile(name: input.name + ".geojson", text: text)]
    }

    static func position(_ coordinate: Coordinate) -> JSONValue {
        .array([.fixed(coordinate.longitude, decimals: 6), .fixed(coordinate.latitude, decimals: 6)])
    }

    static func point(_ coordinate: Coordinate) -> JSONValue {
        .object(["type": .string("Point"), "coordinates": position(coordinate)])
    }

    static func feature(_ geometry: JSONValue, _ properties: [String: JSONValue]) -> JSONValue {
        .object(["type": .string("Feature"), "geometry": geometry, "properties": .object(properties)])
    }
}
