import Foundation
import LocSimLocationCore
import Testing

@testable import LocSimGeocoding

/// The bundled version-2 gazetteer, searched in place, answers exactly as the version-1 gazetteer
/// (``V1Gazetteer``: file read into memory, tree built at load) did on the same data.
struct GazetteerVersion1EquivalenceTests {
    static let shippedURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/LocSimGeocoding/Resources/gazetteer.bin")

    struct Fixture: Sendable {
        let file: GazetteerFile
        let v2: Gazetteer
        let v1: V1Gazetteer
        let v1Bytes: [UInt8]

        init() throws {
            let bytes = try GazetteerFileReader.open(path: GazetteerVersion1EquivalenceTests.shippedURL.path)
            file = try GazetteerFile(bytes: bytes, name: "gazetteer.bin")
            v2 = try Gazetteer(bytes: bytes, name: "gazetteer.bin")
            v1Bytes = V1GazetteerFile.bytes(from: file)
            v1 = try V1Gazetteer(bytes: v1Bytes, name: "v1")
        }
    }

    /// Loaded once for all the tests of this suite (building the version-1 tree takes a while).
    static let fixture = Result { try Fixture() }

    @Test func version1ContentIsTheConvertedFile() throws {
        let fixture = try Self.fixture.get()
        #expect(fixture.v1Bytes.count == V1GazetteerFile.convertedFileSize)
        #expect(V1GazetteerFile.hash(fixture.v1Bytes) == V1GazetteerFile.convertedFileHash)
    }

    enum Points: String, CaseIterable, Sendable {
        /// 100,000 points uniform on the sphere (most at sea).
        case uniform
        /// 100,000 points within ±0.25° of random places, as a track's fixes are.
        case nearPlaces
        /// Every place's own coordinate: distance 0, exact ties between places at one position.
        case places
        /// Every place moved 0.5–5 m in a random direction (more exact ties near shared positions).
        case offPlaces
    }

    static func coordinates(_ points: Points, v1: V1Gazetteer) -> [Coordinate] {
        var random = LocSimLocationCore.SplitMix64(seed: 0x6A7 &+ UInt64(Points.allCases.firstIndex(of: points)!))
        func unit() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        func place() -> Coordinate { v1.place(at: Int(random.next() % UInt64(v1.count))).coordinate }
        switch points {
        case .uniform:
            return (0..<100_000).map { _ in
                Coordinate(latitude: asin(2 * unit() - 1) * 180 / .pi, longitude: 360 * unit() - 180)
            }
        case .nearPlaces:
            return (0..<100_000).map { _ in
                let p = place()
                var longitude = p.longitude + 0.5 * unit() - 0.25
                if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
                return Coordinate(latitude: min(90, max(-90, p.latitude + 0.5 * unit() - 0.25)), longitude: longitude)
            }
        case .places:
            return (0..<v1.count).map { v1.place(at: $0).coordinate }
        case .offPlaces:
            return (0..<v1.count).map { index in
                let p = v1.place(at: index).coordinate
                let metres = 0.5 + 4.5 * unit()
                let bearing = 2 * Double.pi * unit()
                let latitude = min(90, max(-90, p.latitude + metres * cos(bearing) / 111_195))
                let longitude = p.longitude + metres * sin(bearing) / (111_195 * max(0.01, cos(p.latitude * .pi / 180)))
                return Coordinate(latitude: latitude, longitude: min(180, max(-180, longitude)))
            }
        }
    }

    @Test(arguments: Points.allCases)
    func answersAreVersion1s(_ points: Points) throws {
        let fixture = try Self.fixture.get()
        let coordinates = Self.coordinates(points, v1: fixture.v1)
        var mismatches = 0
        var nearestIsAnotherPlace = 0
        for (i, coordinate) in coordinates.enumerated() {
            let expected = fixture.v1.match(coordinate)
            let actual = fixture.v2.match(coordinate)
            let same: Bool
            if let expected, let actual {
                same =
                    Int(fixture.file.rank(actual.locality)) == expected.locality
                    && actual.section.map { Int(fixture.file.rank($0)) } == expected.section
                    && Int(fixture.file.rank(actual.nearest)) == expected.nearest
                    && actual.nearestDistance == expected.nearestDistance
                    && (i % 16 != 0 || fixture.v2.placemark(for: actual) == fixture.v1.placemark(for: expected))
                if points == .places, expected.nearest != i { nearestIsAnotherPlace += 1 }
            } else {
                same = expected == nil && actual == nil
            }
            if !same {
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record(
                        "\(coordinate): version 1 \(String(describing: expected)), 2 \(String(describing: actual))")
                }
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(coordinates.count) \(points) points answered differently")
        if points == .places {
            // Places sharing a position: the nearest is the lowest-ranked of them, not always itself.
            #expect(nearestIsAnotherPlace > 10)
        }
    }
}
