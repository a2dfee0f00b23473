import Foundation
import LocSimAppServices
import LocSimGeocoding
import LocSimHTTPRecording
import LocSimLocationCore
import LocSimWeather
import Testing

/// Every adapter replayed through the real cassette machinery (`RecordingSession`, mode `none`)
/// from the hand-written cassettes in `Cassettes/`, one per provider, one interaction per case.
struct ProviderCassetteTests {
    static func client(_ name: String) throws -> any HTTPClient {
        let path = try #require(Bundle.module.path(forResource: name, ofType: "json", inDirectory: "Cassettes"))
        return try RecordingSession(options: RecordingOptions(cassettePaths: [path], environment: ["CI": "true"]))
            .client
    }

    static func place(_ city: String, _ state: String, _ latitude: Double, _ longitude: Double) -> WeatherPlace {
        WeatherPlace(
            city: city, state: state, country: "United States", isoCountryCode: "US", latitude: latitude,
            longitude: longitude)
    }

    @Test func aerisCases() throws {
        let aeris = AerisAdvisories(client: try Self.client("aeris"), credentials: .placeholders)
        let franklin = try aeris.advisories(for: Self.place("Franklin", "LA", 29.7966, -91.5016))
        #expect(franklin.map(\.name) == ["COASTAL FLOOD ADVISORY"])
        let buffalo = try aeris.advisories(for: Self.place("Buffalo", "NY", 42.8867, -78.8784))
        #expect(AdvisorySelection.last.select(buffalo).map(\.name) == ["SPECIAL WEATHER STATEMENT"])
        #expect(AdvisorySelection.mostSevere.select(buffalo).map(\.name) == ["LAKE EFFECT SNOW WARNING"])
        #expect(try aeris.advisories(for: Self.place("Houma", "LA", 29.5958, -90.7195)).isEmpty)
        let failures: [(String, String)] = [
            ("Atlantis", "invalid_location"), ("Lafayette", "invalid_client"), ("Lake Charles", "maxhits_min"),
            ("Morgan City", "http_500"), ("Thibodaux", "not_recorded"),
        ]
        for (city, code) in failures {
            do {
                _ = try aeris.advisories(for: Self.place(city, city == "Atlantis" ? "GA" : "LA", 0, 0))
                Issue.record("expected \(code) for \(city)")
            } catch {
                #expect(error.code == code, "\(city)")
            }
        }
    }

    @Test func nwsCases() throws {
        let nws = NWSAlerts(client: try Self.client("nws"), credentials: .placeholders)
        #expect(
            try nws.advisories(for: Self.place("Franklin", "LA", 29.7966, -91.5016)).map(\.name) == [
                "Coastal Flood Advisory"
            ])
        // The cancelled Winter Weather Advisory is read too, marked as a Cancel.
        let buffalo = try nws.advisories(for: Self.place("Buffalo", "NY", 42.8867, -78.8784))
        #expect(buffalo.filter { $0.messageType != "Cancel" }.map(\.name) == ["Lake Effect Snow Warning"])
        #expect(try nws.advisories(for: Self.place("Portland", "OR", 45.5868, -122.6944)).isEmpty)
        for (latitude, longitude, code) in [(34.6937, 135.5023, "InvalidPoint"), (40.7128, -74.006, "http_403")] {
            do {
                _ = try nws.advisories(for: Self.place("X", "NY", latitude, longitude))
                Issue.record("expected a failure")
            } catch {
                #expect(error.code == code)
            }
        }
    }

    @Test func openWeatherMapCases() throws {
        let owm = OpenWeatherMap(client: try Self.client("owm"), credentials: .placeholders)
        let osaka = WeatherPlace(
            city: "Osaka", state: "Osaka", country: "Japan", isoCountryCode: "JP", latitude: 34.693738,
            longitude: 135.502165)
        #expect(try owm.umbrella(for: osaka) == UmbrellaRule(maxPop: 78))
        #expect(try owm.currentConditions(for: osaka).temperature == "299.15")
        let cases: [(WeatherPlace, Bool, String)] = [
            (Self.place("Franklin", "LA", 29.7966, -91.5016), true, "401"),
            (Self.place("Buffalo", "NY", 42.8867, -78.8784), false, "404"),
            (Self.place("Buffalo", "NY", 42.8867, -78.8784), true, "429"),
            (Self.place("Portland", "OR", 45.5868, -122.6944), true, "bad_json"),
        ]
        for (place, forecast, code) in cases {
            do {
                if forecast { _ = try owm.umbrella(for: place) } else { _ = try owm.currentConditions(for: place) }
                Issue.record("expected \(code)")
            } catch {
                #expect(error.code == code)
            }
        }
    }

    @Test func googleLegacyCases() throws {
        let google = GoogleLegacyWeather(client: try Self.client("google"))
        var portland = Self.place("Portland", "OR", 45.5868, -122.6944)
        portland.postalCode = "97217"
        let conditions = try google.conditions(for: portland)
        #expect(conditions.condition == "Partly Cloudy")
        #expect(conditions.temperature == "72")
        #expect(throws: ProviderFailure.self) { try google.conditions(for: Self.place("Atlantis", "GA", 0, 0)) }
    }

    @Test func nominatimCases() throws {
        let geocoder = NominatimGeocoder(client: try Self.client("nominatim"), userAgent: "<NOMINATIM_USER_AGENT>")
        let franklin = try geocoder.reverseGeocode(Coordinate(latitude: 29.7966, longitude: -91.5016))
        #expect(franklin.locality == "Franklin")
        #expect(franklin.administrativeArea == "LA")
        #expect(throws: GeocodeError(code: 8, message: "Nominatim: Unable to geocode")) {
            try geocoder.reverseGeocode(Coordinate(latitude: 0, longitude: 0))
        }
    }
}
