import Testing

@testable import LocSimWeather

struct WeatherPlaceTests {
    @Test func readsLocationAvailable() {
        let place = WeatherPlace(userInfo: [
            "city": "Franklin", "state": "LA", "country": "United States", "isoCountryCode": "us",
            "latitude": "29.796600", "longitude": "-91.501600",
        ])
        #expect(place.city == "Franklin")
        #expect(place.isoCountryCode == "US")
        #expect(place.latitude == 29.7966)
        #expect(place.longitude == -91.5016)
        #expect(place.label == "Franklin, LA")
    }

    @Test(arguments: [
        (WeatherPlace(city: "Buffalo", state: "NY", country: "United States", isoCountryCode: "US"), "Buffalo, NY"),
        (WeatherPlace(city: "Toronto", state: "ON", country: "Canada", isoCountryCode: "CA"), "Toronto, ON"),
        (WeatherPlace(city: "Osaka", state: "Osaka", country: "Japan", isoCountryCode: "JP"), "Osaka, Japan"),
        (WeatherPlace(city: "Franklin", state: "LA", country: "United States"), "Franklin, LA"),
        (WeatherPlace(city: "", state: "LA", country: "United States", isoCountryCode: "US"), "LA"),
        (WeatherPlace(city: "Monaco", state: "", country: "", isoCountryCode: "MC"), "Monaco"),
    ])
    func labels(place: WeatherPlace, expected: String) {
        #expect(place.label == expected)
    }

    @Test func badCoordinatesAreAbsent() {
        let place = WeatherPlace(userInfo: ["city": "X", "latitude": "nan", "longitude": "abc"])
        #expect(place.latitude == nil)
        #expect(place.coordinate == nil)
        #expect(WeatherPlace(city: "X", state: "", country: "", latitude: 91, longitude: 0).coordinate == nil)
    }
}
