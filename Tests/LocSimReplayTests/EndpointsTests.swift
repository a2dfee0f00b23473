import LocSimHTTPRecording
import LocSimReplay
import LocSimSupport
import Testing

/// The base URLs of the original app (``ReplayApp/endpoints``) and `--base-url` overrides.
struct EndpointsTests {
    @Test func defaultsAreThePublicEndpoints() {
        let urls = ReplayApp().endpoints
        #expect(urls["aeris"] == "https://api.aerisapi.com")
        #expect(urls["nws"] == "https://api.weather.gov")
        #expect(urls["owm"] == "https://api.openweathermap.org/data/2.5")
        #expect(urls["google"] == "https://www.google.com")
        #expect(urls["nominatim"] == "https://nominatim.openstreetmap.org")
        #expect(urls["parse"] == "https://api.parse.com/1")
    }

    @Test func overridesOneKeyAndDropsTrailingSlash() throws {
        var urls = ReplayApp().endpoints
        for argument in ["aeris=http://127.0.0.1:8080/", "owm=http://127.0.0.1:9000/data/2.5"] {
            let (key, url) = try urls.parse(argument: argument)
            try urls.override([key: url])
        }
        #expect(urls["aeris"] == "http://127.0.0.1:8080")
        #expect(urls["owm"] == "http://127.0.0.1:9000/data/2.5")
        #expect(urls["nws"] == "https://api.weather.gov")
        try urls.override(["nws": "http://127.0.0.1:9/"])
        #expect(urls["nws"] == "http://127.0.0.1:9")
    }

    @Test func laterArgumentWins() throws {
        var urls = ReplayApp().endpoints
        try urls.override(["nws": "http://127.0.0.1:1"])
        try urls.override(["nws": "http://127.0.0.1:2"])
        #expect(urls["nws"] == "http://127.0.0.1:2")
    }

    @Test(arguments: [
        ("weather=http://127.0.0.1", "weather", "unknown base URL key 'weather'"),
        ("aeris", "aeris", "expected KEY=URL"),
        ("aeris=ftp://example.com", "ftp://example.com", "not an http:// or https:// URL"),
        ("aeris=http://", "http://", "not an http:// or https:// URL"),
        ("aeris=http://127.0.0.1/?q=1", "http://127.0.0.1/?q=1", "not an http:// or https:// URL"),
    ])
    func rejectsBadArguments(argument: String, badItem: String, message: String) {
        let urls = ReplayApp().endpoints
        #expect {
            try urls.parse(argument: argument)
        } throws: { error in
            guard let error = error as? EndpointError else { return false }
            return error.suggestionInput.value == badItem && error.description.contains(message)
        }
    }

    @Test func overridingAnUndeclaredKeyOrABadURLIsRefused() {
        var urls = ReplayApp().endpoints
        #expect(throws: EndpointError.unknownKey("weather", known: urls.keys.map(\.rawValue))) {
            try urls.override(["weather": "http://127.0.0.1"])
        }
        #expect(throws: EndpointError.badURL(key: "aeris", url: "127.0.0.1:8080")) {
            try urls.override(["aeris": "127.0.0.1:8080"])
        }
        #expect(urls.overridden.isEmpty)
    }

    @Test func unknownKeyListsValidKeys() {
        let urls = ReplayApp().endpoints
        #expect {
            try urls.parse(argument: "own=http://127.0.0.1")
        } throws: { error in
            (error as? EndpointError)?.suggestionInput.candidates == urls.keys.map(\.rawValue)
        }
    }
}
