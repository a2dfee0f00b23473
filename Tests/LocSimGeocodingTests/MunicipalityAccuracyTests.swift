import LocSimGeocoding
import LocSimLocationCore
import Testing

/// The offline gazetteer names the municipality as CLGeocoder does (issue 17, "Done when"): at
/// least 95 % of ``MunicipalityFixture`` agree on locality, and on subLocality where it is given.
struct MunicipalityAccuracyTests {
    struct Place: Sendable {
        var label: String
        var coordinate: Coordinate
        var locality: String
        var subLocality: String?
    }

    static let places: [Place] = MunicipalityFixture.tsv.split(separator: "\n").map { line in
        let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        return Place(
            label: columns[0],
            coordinate: Coordinate(latitude: Double(columns[1])!, longitude: Double(columns[2])!),
            locality: columns[3], subLocality: columns[4].isEmpty ? nil : columns[4])
    }

    @Test func fixtureHasSixtyPlacesOrMore() {
        #expect(Self.places.count >= 60)
        #expect(Self.places.allSatisfy { $0.coordinate.isValid })
    }

    @Test func atLeast95PercentAgreeWithCLGeocoder() throws {
        var mismatches: [String] = []
        for place in Self.places {
            let placemark = try bundledGazetteer.reverseGeocode(place.coordinate)
            let agrees =
                placemark.locality == place.locality
                && (place.subLocality == nil || placemark.subLocality == place.subLocality)
            if !agrees {
                mismatches.append(
                    "\(place.label): CLGeocoder \(place.locality) \(place.subLocality ?? ""), offline "
                        + "\(placemark.locality ?? "nil") \(placemark.subLocality ?? "")")
            }
        }
        let agreeing = Self.places.count - mismatches.count
        let percent = Double(agreeing) * 100 / Double(Self.places.count)
        print("municipality accuracy: \(agreeing) of \(Self.places.count) (\(percent) %); mismatches:")
        for mismatch in mismatches { print("  \(mismatch)") }
        #expect(percent >= 95, "\(mismatches.joined(separator: "; "))")
    }

    @Test func boroughIsSubLocalityOfNewYork() throws {
        let placemark = try bundledGazetteer.reverseGeocode(Coordinate(latitude: 40.7580, longitude: -73.9855))
        #expect(placemark.locality == "New York")
        #expect(placemark.subLocality == "Manhattan")
        #expect(placemark.administrativeArea == "NY")
    }

    @Test(arguments: [
        ("Oak Park", 41.8850, -87.7845), ("Somerville", 42.3876, -71.0995), ("Miami Beach", 25.7907, -80.1300),
    ])
    func municipalityInsideABigCityKeepsItsName(_ name: String, _ latitude: Double, _ longitude: Double) throws {
        let placemark = try bundledGazetteer.reverseGeocode(Coordinate(latitude: latitude, longitude: longitude))
        #expect(placemark.locality == name)
    }
}
