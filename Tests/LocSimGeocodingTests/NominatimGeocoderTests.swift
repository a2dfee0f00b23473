import LocSimGeocoding
import LocSimHTTPRecording
import LocSimLocationCore
import LocSimTesting
import Testing

struct NominatimGeocoderTests {
    static let franklin = Coordinate(latitude: 29.7966, longitude: -91.5016)
    static let franklinURL =
        "https://nominatim.openstreetmap.org/reverse?format=jsonv2&lat=29.7966&lon=-91.5016&zoom=10&addressdetails=1&accept-language=en"

    @Test func requestIdentifiesItself() {
        let geocoder = NominatimGeocoder(client: ScriptedHTTPClient(), userAgent: "locsim-tests (ops@example.org)")
        let request = geocoder.request(for: Self.franklin)
        #expect(request.url == Self.franklinURL)
        #expect(request.headers["User-Agent"] == "locsim-tests (ops@example.org)")
        #expect(
            NominatimGeocoder(client: ScriptedHTTPClient(), baseURL: "http://127.0.0.1:8/", userAgent: "u")
                .request(for: Coordinate(latitude: 42.8867166, longitude: -78.87839)).url
                == "http://127.0.0.1:8/reverse?format=jsonv2&lat=42.886717&lon=-78.87839&zoom=10&addressdetails=1&accept-language=en"
        )
    }

    @Test func politePacing() {
        #expect(NominatimGeocoder.minimumRequestInterval == .seconds(1))
    }

    @Test func franklinMapsLikeCLGeocoder() throws {
        let client = ScriptedHTTPClient([Self.franklinURL: .json(NominatimBodies.franklin)])
        let placemark = try NominatimGeocoder(client: client, userAgent: "u").reverseGeocode(Self.franklin)
        #expect(
            placemark
                == Placemark(
                    name: "Franklin", locality: "Franklin", administrativeArea: "LA",
                    subAdministrativeArea: "St. Mary Parish", country: "United States", isoCountryCode: "US"))
    }

    @Test func stateNameTableWithoutISOCode() throws {
        let placemark = try NominatimGeocoder.placemark(from: jsonResponse(NominatimBodies.buffaloNoISO))
        #expect(placemark.locality == "Buffalo")
        #expect(placemark.administrativeArea == "NY")
        #expect(placemark.postalCode == "14202")
        #expect(placemark.subAdministrativeArea == "Erie County")
    }

    @Test func outsideTheUSTheAreaStaysAName() throws {
        let placemark = try NominatimGeocoder.placemark(from: jsonResponse(NominatimBodies.osaka))
        #expect(placemark.locality == "Osaka")
        #expect(placemark.subLocality == "Kita Ward")
        #expect(placemark.administrativeArea == "Osaka Prefecture")
        #expect(placemark.country == "Japan")
        #expect(placemark.isoCountryCode == "JP")
    }

    @Test func docsExampleWithStringNumbersAndVillage() throws {
        let body = """
            {"place_id":"134140761","osm_type":"way","osm_id":"280940520","lat":"-34.4391708","lon":"-58.7064573","place_rank":"26",
            "category":"highway","type":"motorway","importance":"0.1","addresstype":"road","name":"Autopista Pedro Eugenio Aramburu",
            "address":{"road":"Autopista Pedro Eugenio Aramburu","village":"El Triángulo","state_district":"Partido de Malvinas Argentinas",
            "state":"Buenos Aires","postcode":"1.619","country":"Argentina","country_code":"ar"}}
            """
        let placemark = try NominatimGeocoder.placemark(from: jsonResponse(body))
        #expect(placemark.locality == "El Triángulo")
        #expect(placemark.administrativeArea == "Buenos Aires")
        #expect(placemark.name == "Autopista Pedro Eugenio Aramburu")
        #expect(placemark.isoCountryCode == "AR")
    }

    @Test(arguments: [
        (NominatimBodies.unableToGeocode, 200, 8), (#"{"place_id":1}"#, 200, 8),
        (#"{"error":{"code":400,"message":"bad"}}"#, 200, 8),
        (htmlErrorPage, 500, 2), (htmlErrorPage, 200, 2), ("", 429, 2),
        (String(NominatimBodies.franklin.prefix(90)), 200, 2),
        (NominatimBodies.franklin, 503, 2),
    ])
    func failuresUseCLErrorCodes(body: String, status: Int, code: Int) {
        #expect {
            try NominatimGeocoder.placemark(from: jsonResponse(body, status: status))
        } throws: { error in
            (error as? GeocodeError)?.code == code
        }
    }

    @Test func unableToGeocodeMessage() {
        #expect(throws: GeocodeError(code: 8, message: "Nominatim: Unable to geocode")) {
            try NominatimGeocoder.placemark(from: jsonResponse(NominatimBodies.unableToGeocode))
        }
    }

    @Test func transportFailureIsNetwork() {
        let client = ScriptedHTTPClient([
            Self.franklinURL: .failure(.unreachable("nominatim.openstreetmap.org: refused"))
        ])
        #expect {
            try NominatimGeocoder(client: client, userAgent: "u").reverseGeocode(Self.franklin)
        } throws: { error in
            (error as? GeocodeError)?.code == 2
        }
    }
}
