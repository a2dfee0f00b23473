import Testing

@testable import Weather

struct BaseURLsTests {
    @Test func defaultsAreThePublicEndpoints() {
        let urls = BaseURLs.defaults
        #expect(urls[.aeris] == "https://api.aerisapi.com")
        #expect(urls[.nws] == "https://api.weather.gov")
        #expect(urls[.owm] == "https://api.openweathermap.org/data/2.5")
        #expect(urls[.google] == "https://www.google.com")
        #expect(urls[.nominatim] == "https://nominatim.openstreetmap.org")
        #expect(urls[.parse] == "https://api.parse.com/1")
    }

    @Test func overridesOneKeyAndDropsTrailingSlash() throws {
        let urls = try BaseURLs.parsing(["aeris=http://127.0.0.1:8080/", "owm=http://127.0.0.1:9000/data/2.5"])
        #expect(urls[.aeris] == "http://127.0.0.1:8080")
        #expect(urls[.owm] == "http://127.0.0.1:9000/data/2.5")
        #expect(urls[.nws] == "https://api.weather.gov")
    }

    @Test func laterArgumentWins() throws {
        let urls = try BaseURLs.parsing(["nws=http://127.0.0.1:1", "nws=http://127.0.0.1:2"])
        #expect(urls[.nws] == "http://127.0.0.1:2")
    }

    @Test(arguments: [
        ("weather=http://127.0.0.1", "weather", "unknown base URL key 'weather'"),
        ("aeris", "aeris", "expected KEY=URL"),
        ("aeris=ftp://example.com", "ftp://example.com", "not an http:// or https:// URL"),
        ("aeris=http://", "http://", "not an http:// or https:// URL"),
        ("aeris=http://127.0.0.1/?q=1", "http://127.0.0.1/?q=1", "not an http:// or https:// URL"),
    ])
    func rejectsBadArguments(argument: String, badItem: String, message: String) {
        var urls = BaseURLs.defaults
        #expect {
            try urls.parse(argument: argument)
        } throws: { error in
            guard let error = error as? WeatherConfigurationError else { return false }
            return error.option == "--base-url" && error.value == badItem && error.message.contains(message)
        }
    }

    @Test func unknownKeyListsValidKeys() {
        var urls = BaseURLs.defaults
        #expect {
            try urls.parse(argument: "own=http://127.0.0.1")
        } throws: { error in
            (error as? WeatherConfigurationError)?.validValues == [
                "aeris", "nws", "owm", "google", "nominatim", "parse",
            ]
        }
    }
}
