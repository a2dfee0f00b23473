import LocSimAppServices
import LocSimHTTPRecording
import LocSimTesting
import Testing

@testable import LocSimWeather

struct GoogleLegacyWeatherTests {
    static let portland = WeatherPlace(
        city: "Portland", state: "OR", country: "United States", isoCountryCode: "US", postalCode: "97217")
    static let portlandURL = "https://www.google.com/ig/api?weather=97217"

    static func xml(_ text: String, status: Int = 200, contentType: String = "text/xml; charset=UTF-8") -> HTTPResponse
    {
        HTTPResponse(status: status, headers: ["Content-Type": contentType], body: Array(text.utf8))
    }

    @Test(arguments: [
        (portland, "97217"),
        (WeatherPlace(city: "Portland", state: "OR", country: "United States", isoCountryCode: "US"), "Portland,OR"),
        (WeatherPlace(city: "Osaka", state: "Osaka", country: "Japan", isoCountryCode: "JP"), "Osaka,Japan"),
        (WeatherPlace(city: "", state: "OR", country: "United States"), nil),
    ])
    func queries(place: WeatherPlace, query: String?) {
        #expect(GoogleLegacyWeather.query(for: place) == query)
    }

    @Test func requestEncodesTheQuery() {
        let place = WeatherPlace(city: "Lake Oswego", state: "OR", country: "United States", isoCountryCode: "US")
        #expect(
            GoogleLegacyWeather(client: ScriptedHTTPClient()).request(for: place)?.url
                == "https://www.google.com/ig/api?weather=Lake%20Oswego,OR")
    }

    @Test func portlandConditions() throws {
        let client = ScriptedHTTPClient([Self.portlandURL: .response(Self.xml(GoogleBodies.portland))])
        let conditions = try GoogleLegacyWeather(client: client).conditions(for: Self.portland)
        #expect(
            conditions.userInfo(location: "Portland, OR") == [
                "location": "Portland, OR", "provider": "google-legacy", "kind": "current",
                "condition": "Partly Cloudy", "temperature": "72", "high": "84", "low": "59",
                "humidity": "Humidity: 52%", "wind": "Wind: NW at 7 mph",
                "icon": "/ig/images/weather/partly_cloudy.gif", "units": "fahrenheit",
                "reportedLocation": "Portland, OR",
            ])
    }

    @Test func siUnitsUseCelsius() throws {
        let body = GoogleBodies.portland.replacing(#"<unit_system data="US"/>"#, with: #"<unit_system data="SI"/>"#)
        let conditions = try GoogleLegacyWeather.parse(Self.xml(body))
        #expect(conditions.temperature == "22")
        #expect(conditions.units == "celsius")
    }

    @Test func latin1DeclaredOnlyInContentType() throws {
        let latin1: [UInt8] =
            Array(#"<xml_api_reply version="1"><weather><current_conditions><condition data="Nubl"#.utf8)
            + [0xE9] + Array(#""/><temp_f data="50"/></current_conditions></weather></xml_api_reply>"#.utf8)
        let response = HTTPResponse(
            status: 200, headers: ["Content-Type": "text/xml; charset=ISO-8859-1"], body: latin1)
        #expect(try GoogleLegacyWeather.parse(response).condition == "Nublé")
    }

    @Test func problemCause() {
        #expect(
            throws: ProviderFailure(
                provider: "google-legacy", code: "problem_cause",
                message: "Google has no weather for the requested place")
        ) {
            try GoogleLegacyWeather.parse(Self.xml(GoogleBodies.problemCause))
        }
    }

    @Test(arguments: [
        (String(GoogleBodies.portland.prefix(300)), 200, "bad_xml"), ("", 200, "bad_xml"),
        ("<html><body>Not Found</body></html>", 404, "http_404"), ("<html><body>oops</body>", 500, "http_500"),
        ("<html><body>Moved</body></html>", 200, "bad_shape"),
        (#"<xml_api_reply version="1"><weather><forecast_information/></weather></xml_api_reply>"#, 200, "bad_shape"),
        (
            "<!DOCTYPE x [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]><xml_api_reply>&b;</xml_api_reply>", 200,
            "bad_xml"
        ),
    ])
    func malformedAnswers(body: String, status: Int, code: String) {
        #expect {
            try GoogleLegacyWeather.parse(Self.xml(body, status: status))
        } throws: { error in
            (error as? ProviderFailure)?.code == code
        }
    }

    @Test func unreachable() {
        let client = ScriptedHTTPClient([Self.portlandURL: .failure(.unreachable("www.google.com: refused"))])
        #expect {
            try GoogleLegacyWeather(client: client).conditions(for: Self.portland)
        } throws: { error in
            (error as? ProviderFailure)?.code == "unreachable"
        }
    }
}
