import LocSimCanonicalJSON
import LocSimGeocoding
import LocSimLocationCore
import LocSimReplay
import LocSimSettings
import LocSimSimulation
import Testing

/// `--placemark mapkit`: MKAddressRepresentations names beside the CLPlacemark fields.
@Suite struct PlacemarkNamingTests {
    static let franklin = Placemark(
        name: "Franklin", locality: "Franklin", administrativeArea: "LA", country: "United States",
        isoCountryCode: "US")

    @Test func mapkitAddsCityNameCityWithContextAndRegionName() {
        let line = TranscriptLine(
            t: 1,
            notification: .locationAvailable(
                Self.franklin, at: Coordinate(latitude: 29.796, longitude: -91.5015), naming: .mapkit))
        #expect(
            line.text
                == #"{"city":"Franklin","cityName":"Franklin","cityWithContext":"Franklin, LA","#
                + #""country":"United States","event":"LOCATION_AVAILABLE","isoCountryCode":"US","#
                + #""latitude":29.796000,"longitude":-91.501500,"regionName":"United States","state":"LA","t":1.000}"#)
    }

    @Test func outsideTheUnitedStatesTheContextIsTheCountry() {
        let paris = Placemark(
            name: "Paris", locality: "Paris", administrativeArea: "Île-de-France", country: "France",
            isoCountryCode: "FR")
        let names = AddressRepresentations(paris)
        #expect(names.cityName == "Paris")
        #expect(names.cityWithContext == "Paris, France")
        #expect(names.regionName == "France")
    }

    @Test func aBoroughsCityIsItsCity() throws {
        let placemark = try OfflineGazetteer().reverseGeocode(Coordinate(latitude: 40.7580, longitude: -73.9855))
        let names = AddressRepresentations(placemark)
        #expect(names.cityName == "New York")
        #expect(names.cityWithContext == "New York, NY")
        #expect(names.regionName == "United States")
    }

    @Test func theDefaultAddsNothing() {
        let info = BusNotification.locationAvailable(Self.franklin, at: Coordinate(latitude: 0, longitude: 0)).userInfo
        #expect(Set(info.keys) == ["city", "state", "country", "isoCountryCode", "latitude", "longitude"])
    }

    @Test func theSettingReachesTheTranscript() throws {
        var settings = ReplaySettings()
        #expect(settings.placemark == .clgeocoder)
        settings.placemark = .mapkit
        let configuration = try settings.configuration()
        #expect(configuration.geocoding.naming == .mapkit)
        var test = testConfiguration()
        test.geocoding.naming = .mapkit
        let outcome = try replay(GPXFixture.track(GPXFixture.meridian(count: 2, spacing: 30)), test)
        let available = try #require(outcome.lines(.locationAvailable).first)
        #expect(available["cityName"] == available["city"])
        #expect(available["regionName"] == available["country"])
        #expect(available["cityWithContext"]?.hasPrefix(available["city"] ?? "?") == true)
    }

    @Test func theFlagAndScenarioKeyParse() throws {
        let spec = try #require(ReplaySettingSpec.all.first { $0.key == "geocoder.placemark" })
        #expect(spec.choices == ["clgeocoder", "mapkit"])
        var settings = ReplaySettings()
        #expect(spec.apply(argument: "mapkit", to: &settings))
        #expect(settings.placemark == .mapkit)
        #expect(!spec.apply(argument: "mapkt", to: &settings))
        var fromJSON = ReplaySettings()
        #expect(spec.apply(json: .string("mapkit"), to: &fromJSON) == nil)
        #expect(fromJSON.placemark == .mapkit)
        #expect(spec.json(of: ReplaySettings()) == .string("clgeocoder"))
    }
}
