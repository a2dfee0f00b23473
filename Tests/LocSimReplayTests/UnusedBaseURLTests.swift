import LocSimGeocoding
import LocSimReplay
import LocSimSettings
import LocSimSupport
import Testing

/// issue 24 item 13: `--base-url owm=…` with `--providers owm-onecall` silently left One Call on
/// its live host. A base URL nothing in the run uses is a warning naming the likely key.
@Suite struct UnusedBaseURLTests {
    @Test func aBaseURLNoProviderUsesIsAWarningWithTheLikelyKey() throws {
        var settings = ReplaySettings()
        settings.providers = ["owm-onecall"]
        settings.baseURLs = ["owm": "http://127.0.0.1:9"]
        let configuration = try settings.configuration()
        #expect(
            configuration.warnings.contains(
                "'--base-url owm=…' is used by no provider, geocoder or push endpoint of this run, so it changes "
                    + "nothing. Did you mean 'owm-onecall'?"))
    }

    @Test func baseURLsTheRunUsesAreNotWarnedAbout() throws {
        var settings = ReplaySettings()
        settings.providers = ["owm-onecall", "aeris"]
        settings.geocoder = .nominatim
        settings.baseURLs = [
            "owm-onecall": "http://127.0.0.1:9", "aeris": "http://127.0.0.1:9", "nominatim": "http://127.0.0.1:9",
        ]
        let configuration = try settings.configuration()
        #expect(!configuration.warnings.contains { $0.contains("--base-url") })
    }
}
