import LocSimPluginOptions
import LocSimSettings
import Testing

@testable import LocSimWeather

struct ProviderRegistryTests {
    @Test(arguments: [
        ("aeris", [ProviderName.aeris]),
        ("nws,aeris", [.nws, .aeris]),
        ("owm-umbrella, owm-conditions ,google-legacy", [.owmUmbrella, .owmConditions, .googleLegacy]),
        ("none", []),
    ])
    func parsesListsInOrder(text: String, expected: [ProviderName]) throws {
        #expect(try ProviderRegistry.builtIn.parseList(text) == expected)
    }

    @Test(arguments: [
        ("aeris,aries", "aries", "unknown provider 'aries'"),
        ("aeris,,nws", "", "empty provider name"),
        ("", "", "empty provider name"),
        ("none,aeris", "none", "'none' cannot be combined"),
        ("nws,nws", "nws", "listed twice"),
        ("owm", "owm", "unknown provider 'owm'"),
    ])
    func rejectsBadItemsByName(text: String, badItem: String, messagePrefix: String) {
        #expect {
            try ProviderRegistry.builtIn.parseList(text)
        } throws: { error in
            guard let error = error as? WeatherConfigurationError else { return false }
            return error.option == "--providers" && error.value == badItem && error.message.contains(messagePrefix)
                && error.validValues == [
                    "aeris", "xweather", "nws", "nws-zone", "owm-umbrella", "owm-conditions", "owm-forecast",
                    "owm-onecall", "weatherkit", "google-legacy", "none",
                ]
        }
    }

    @Test func defaultIsAeris() {
        #expect(ReplaySettings.defaultProviders == [.aeris])
    }

    @Test func builtInNamesAreTheNamedConstantsInDocumentationOrder() {
        #expect(
            ProviderRegistry.builtIn.names == [
                .aeris, .xweather, .nws, .nwsZone, .owmUmbrella, .owmConditions, .owmForecast, .owmOneCall,
                .weatherKit, .googleLegacy,
            ])
        #expect(
            ProviderRegistry.builtIn.names.map(\.rawValue) == [
                "aeris", "xweather", "nws", "nws-zone", "owm-umbrella", "owm-conditions", "owm-forecast", "owm-onecall",
                "weatherkit", "google-legacy",
            ])
    }
}
