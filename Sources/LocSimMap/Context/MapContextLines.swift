import Foundation
import LocSimLocationCore

/// The context layers' lines, decoded from the packed format `scripts/make-map-context.py`
/// writes (the module's `context-lines.bin`, Natural Earth 1:10m simplified to 0.01°).
///
/// Each line is a run of (longitude, latitude) points in degrees with its bounding box, so a map
/// only looks at the lines that reach into its view.
public struct MapContextLines: Sendable, Hashable {
    /// One polyline.
    package struct Line: Sendable, Hashable {
        /// The points in degrees, longitude and latitude interleaved.
        package var points: [Double]
        /// The line's box in degrees.
        package var bounds: GeoBounds
    }

    /// The lines of each layer in the data.
    package let layers: [MapContextLayer: [Line]]

    /// A malformed packed file.
    public struct FormatError: Error, Hashable, CustomStringConvertible {
        public var description: String
    }

    /// The lines bundled with the module, read and decoded on first use.
    public static let bundled: Result<MapContextLines, FormatError> = {
        guard let url = Bundle.module.url(forResource: "context-lines", withExtension: "bin"),
            let data = try? Data(contentsOf: url)
        else { return .failure(FormatError(description: "the bundled context-lines.bin is missing")) }
        do throws(FormatError) {
            return .success(try MapContextLines(packed: [UInt8](data)))
        } catch {
            return .failure(error)
        }
    }()

    /// Decodes the packed format: `LSCX`, version 1, the quantum in micro-degrees, then each
    /// layer's name and lines (delta-coded zigzag varints; see the generator). Layers whose name
    /// is not a ``MapContextLayer`` are skipped.
    package init(packed bytes: [UInt8]) throws(FormatError) {
        var reader = Reader(bytes: bytes)
        guard bytes.starts(with: Array("LSCX".utf8)) else { throw FormatError(description: "not a context-lines file") }
        reader.offset = 4
        guard try reader.varint() == 1 else { throw FormatError(description: "unknown context-lines version") }
        let quantum = Double(try reader.varint()) / 1_000_000
        var layers: [MapContextLayer: [Line]] = [:]
        for _ in 0..<(try reader.varint()) {
            let name = try reader.string()
            var lines: [Line] = []
            let count = try reader.varint()
            lines.reserveCapacity(count)
            for _ in 0..<count {
                let pointCount = try reader.varint()
                var points: [Double] = []
                points.reserveCapacity(2 * pointCount)
                var x = 0
                var y = 0
                var bounds: GeoBounds?
                for _ in 0..<pointCount {
                    x += try reader.signed()
                    y += try reader.signed()
                    let coordinate = Coordinate(latitude: Double(y) * quantum, longitude: Double(x) * quantum)
                    points.append(coordinate.longitude)
                    points.append(coordinate.latitude)
                    if bounds == nil { bounds = GeoBounds(coordinate) } else { bounds?.include(coordinate) }
                }
                if let bounds, pointCount >= 2 { lines.append(Line(points: points, bounds: bounds)) }
            }
            if let layer = MapContextLayer(rawValue: name) { layers[layer] = lines }
        }
        self.layers = layers
    }

    /// The lines of `layer` whose box meets `bounds`.
    package func lines(_ layer: MapContextLayer, meeting bounds: GeoBounds) -> [Line] {
        (layers[layer] ?? []).filter {
            $0.bounds.west <= bounds.east && $0.bounds.east >= bounds.west && $0.bounds.south <= bounds.north
                && $0.bounds.north >= bounds.south
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func varint() throws(FormatError) -> Int {
            var value = 0
            var shift = 0
            while true {
                guard offset < bytes.count, shift < 63 else {
                    throw FormatError(description: "truncated context-lines")
                }
                let byte = bytes[offset]
                offset += 1
                value |= Int(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
        }

        mutating func signed() throws(FormatError) -> Int {
            let value = try varint()
            return value & 1 == 0 ? value >> 1 : -(value >> 1) - 1
        }

        mutating func string() throws(FormatError) -> String {
            let count = try varint()
            guard count <= bytes.count - offset else { throw FormatError(description: "truncated context-lines") }
            defer { offset += count }
            return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
        }
    }
}
