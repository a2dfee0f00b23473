import Foundation
import LocSimGeocoding
import LocSimLocationCore
import Testing

/// One bundled gazetteer for the whole suite: loading it is what the lazy-load test exercises.
let bundledGazetteer = OfflineGazetteer()

struct OfflineGazetteerTests {
    struct Expectation: Sendable, CustomStringConvertible {
        var latitude: Double
        var longitude: Double
        var locality: String
        var administrativeArea: String
        var country: String
        var isoCountryCode: String
        var description: String { "\(locality), \(administrativeArea) (\(latitude), \(longitude))" }
    }

    static let seedPlaces: [Expectation] = [
        Expectation(
            latitude: 42.904722, longitude: -78.849444, locality: "Buffalo", administrativeArea: "NY",
            country: "United States", isoCountryCode: "US"),
        Expectation(
            latitude: 29.7960, longitude: -91.5015, locality: "Franklin", administrativeArea: "LA",
            country: "United States", isoCountryCode: "US"),
        Expectation(
            latitude: 33.416199, longitude: -111.936619, locality: "Tempe", administrativeArea: "AZ",
            country: "United States", isoCountryCode: "US"),
        Expectation(
            latitude: 34.6937, longitude: 135.5023, locality: "Osaka", administrativeArea: "Osaka", country: "Japan",
            isoCountryCode: "JP"),
        Expectation(
            latitude: 45.574779, longitude: -122.685366, locality: "Portland", administrativeArea: "OR",
            country: "United States", isoCountryCode: "US"),
        Expectation(
            latitude: 51.5007, longitude: -0.1246, locality: "London", administrativeArea: "England",
            country: "United Kingdom", isoCountryCode: "GB"),
        // Neighbourhood centroids nearer than the city's own give way to the city.
        Expectation(
            latitude: 43.6532, longitude: -79.3832, locality: "Toronto", administrativeArea: "ON", country: "Canada",
            isoCountryCode: "CA"),
        Expectation(
            latitude: 52.52, longitude: 13.405, locality: "Berlin", administrativeArea: "Berlin", country: "Germany",
            isoCountryCode: "DE"),
        // A borough of New York City: locality "New York" (subLocality "Brooklyn").
        Expectation(
            latitude: 40.6710, longitude: -73.9814, locality: "New York", administrativeArea: "NY",
            country: "United States", isoCountryCode: "US"),
        // A suburb outside the big city's disc keeps its name.
        Expectation(
            latitude: 45.6387, longitude: -122.6615, locality: "Vancouver", administrativeArea: "WA",
            country: "United States", isoCountryCode: "US"),
        Expectation(
            latitude: -33.8688, longitude: 151.2093, locality: "Sydney", administrativeArea: "NSW",
            country: "Australia", isoCountryCode: "AU"),
        Expectation(
            latitude: 55.7558, longitude: 37.6173, locality: "Moscow", administrativeArea: "Moscow", country: "Russia",
            isoCountryCode: "RU"),
    ]

    static let borderPlaces: [Expectation] = [
        // Kansas City: the Kansas side, downtown Missouri, and Missouri just east of the state line.
        Expectation(
            latitude: 39.1147, longitude: -94.6700, locality: "Kansas City", administrativeArea: "KS",
            country: "United States", isoCountryCode: "US"),
        Expectation(
            latitude: 39.0997, longitude: -94.5786, locality: "Kansas City", administrativeArea: "MO",
            country: "United States", isoCountryCode: "US"),
        Expectation(
            latitude: 39.1000, longitude: -94.6000, locality: "Kansas City", administrativeArea: "MO",
            country: "United States", isoCountryCode: "US"),
        // Niagara Falls on either side of the river.
        Expectation(
            latitude: 43.0896, longitude: -79.0849, locality: "Niagara Falls", administrativeArea: "ON",
            country: "Canada", isoCountryCode: "CA"),
        Expectation(
            latitude: 43.0962, longitude: -79.0377, locality: "Niagara Falls", administrativeArea: "NY",
            country: "United States", isoCountryCode: "US"),
    ]

    @Test(arguments: seedPlaces + borderPlaces)
    func namesFollowCLGeocoder(_ expected: Expectation) throws {
        let placemark = try bundledGazetteer.reverseGeocode(
            Coordinate(latitude: expected.latitude, longitude: expected.longitude))
        #expect(placemark.name == expected.locality)
        #expect(placemark.locality == expected.locality)
        #expect(placemark.administrativeArea == expected.administrativeArea)
        #expect(placemark.country == expected.country)
        #expect(placemark.isoCountryCode == expected.isoCountryCode)
        #expect(placemark.postalCode == nil)
        #expect(placemark.timeZone == nil)
    }

    @Test func neighbourhoodBecomesSubLocality() throws {
        let placemark = try bundledGazetteer.reverseGeocode(Coordinate(latitude: 45.574779, longitude: -122.685366))
        #expect(placemark.locality == "Portland")
        #expect(placemark.subLocality == "Kenton")
        #expect(placemark.subAdministrativeArea == "Multnomah County")
    }

    @Test func sectionGivesWayToItsMunicipality() throws {
        let placemark = try bundledGazetteer.reverseGeocode(Coordinate(latitude: 33.416199, longitude: -111.936619))
        #expect(placemark.locality == "Tempe")
        #expect(placemark.subLocality == "Tempe Junction")
    }

    @Test func nestedNeighbourhoodBecomesSubLocalityOfItsCity() throws {
        let placemark = try bundledGazetteer.reverseGeocode(Coordinate(latitude: 34.09834, longitude: -118.32674))
        #expect(placemark.locality == "Los Angeles")
        #expect(placemark.subLocality == "Hollywood")
    }

    @Test func placeItselfHasNoSubLocality() throws {
        let placemark = try bundledGazetteer.reverseGeocode(Coordinate(latitude: 29.7960, longitude: -91.5015))
        #expect(placemark.subLocality == nil)
        #expect(placemark.subAdministrativeArea == "St. Mary Parish")
    }

    @Test(arguments: [(30.0, -40.0), (0.0, -140.0), (-60.0, 0.0), (90.0, 0.0)])
    func openSeaHasNoResult(_ latitude: Double, _ longitude: Double) {
        #expect(throws: GeocodeError.self) {
            try bundledGazetteer.reverseGeocode(Coordinate(latitude: latitude, longitude: longitude))
        }
        do {
            _ = try bundledGazetteer.reverseGeocode(Coordinate(latitude: latitude, longitude: longitude))
        } catch {
            #expect(error.code == GeocodeError.noResultCode)
        }
    }

    @Test func maxDistanceIsTheCutOff() throws {
        // Franklin, LA is the nearest place to a point 5 km south of it.
        let point = Coordinate(latitude: 29.7510, longitude: -91.5015)
        let gazetteer = try bundledGazetteer.load()
        let distance = try #require(gazetteer.nearest(to: point)).distance
        #expect(distance > 5000 && distance < 5100)
        var near = bundledGazetteer
        near.maxDistance = 5000
        #expect(throws: GeocodeError(code: 8, message: "no place within 5000 m of 29.751, -91.5015")) {
            try near.reverseGeocode(point)
        }
        near.maxDistance = distance + 1
        #expect(try near.reverseGeocode(point).locality == "Franklin")
    }

    @Test(arguments: [Double.nan, 91, -91])
    func invalidCoordinateHasNoResult(_ latitude: Double) {
        #expect(throws: GeocodeError.self) {
            try bundledGazetteer.reverseGeocode(Coordinate(latitude: latitude, longitude: 0))
        }
    }

    @Test func missingFileFailsWithNetworkCodeAndNamesTheFile() throws {
        let url = URL(fileURLWithPath: "/nonexistent/gazetteer.bin")
        let gazetteer = OfflineGazetteer(contentsOf: url)
        #expect(throws: GazetteerError.self) { try gazetteer.load() }
        do {
            _ = try gazetteer.reverseGeocode(Coordinate(latitude: 0, longitude: 0))
            Issue.record("expected a failure")
        } catch {
            #expect(error.code == GeocodeError.networkCode)
            #expect(error.message.contains("/nonexistent/gazetteer.bin"))
        }
    }

    @Test func lazyLoadIsSharedAcrossThreads() async throws {
        let fresh = OfflineGazetteer()
        let identities = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<8 {
                group.addTask { (try? fresh.load()).map(ObjectIdentifier.init) }
            }
            var result: [ObjectIdentifier?] = []
            for await identity in group { result.append(identity) }
            return result
        }
        #expect(identities.count == 8)
        #expect(Set(identities).count == 1)
        #expect(identities.first! != nil)
        let copy = fresh
        #expect(try ObjectIdentifier(copy.load()) == identities.first!)
    }

    @Test func attributionCreditsGeoNames() throws {
        let gazetteer = try bundledGazetteer.load()
        #expect(gazetteer.attribution.contains("GeoNames"))
        #expect(gazetteer.attribution.contains("CC BY 4.0"))
        #expect(gazetteer.count > 150_000)
    }
}
