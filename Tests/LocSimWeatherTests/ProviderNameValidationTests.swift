import LocSimAppServices
import LocSimHTTPRecording
import LocSimPluginOptions
import LocSimSupport
import LocSimWeather
import Testing

/// A name that is not well formed — a literal such as `"My_Alerts"` — is a thrown error where it
/// enters the registry or a run, never a trap.
struct ProviderNameValidationTests {
    static let rule = "lowercase letters, digits and '-', starting with a letter, at most 64 characters"

    /// A user's provider; its name and endpoint key come from literals.
    struct UserProvider: WeatherProvider {
        var name: ProviderName
        var endpointKey: EndpointKey = "my-alerts"
        var endpoints: [EndpointDeclaration] {
            [.init(key: endpointKey, defaultBaseURL: "https://alerts.example.com")]
        }

        func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] { [] }
    }

    @Test func aLiteralIsTakenAsWrittenAndSaysWhetherItIsWellFormed() {
        let bad: ProviderName = "My_Alerts"
        #expect(bad.rawValue == "My_Alerts")
        #expect(!bad.isWellFormed)
        #expect(ProviderName("my-alerts").isWellFormed)
    }

    @Test func registeringAProviderNamedMyAlertsThrows() {
        var registry = ProviderRegistry.builtIn
        #expect(throws: ProviderRegistryError.malformed(OpenNameError(text: "My_Alerts", noun: "provider name"))) {
            try registry.register(UserProvider(name: "My_Alerts"))
        }
        #expect(registry.names == ProviderRegistry.builtIn.names)
        #expect(
            "\(ProviderRegistryError.malformed(OpenNameError(text: "My_Alerts", noun: "provider name")))"
                == "'My_Alerts' is not a provider name: \(Self.rule)")
    }

    @Test func aMalformedEndpointKeyIsRefusedAtRegistration() {
        var registry = ProviderRegistry()
        #expect(throws: ProviderRegistryError.malformed(OpenNameError(text: "My Key", noun: "endpoint key"))) {
            try registry.register(UserProvider(name: "my-alerts", endpointKey: "My Key"))
        }
        #expect(registry.names.isEmpty)
    }

    @Test func aReplacedProviderWithAMalformedNameIsRefusedWhenResolved() throws {
        var registry = ProviderRegistry()
        registry.replace(UserProvider(name: "My_Alerts"))
        let error = #expect(throws: WeatherConfigurationError.self) { try registry.resolve(["My_Alerts"]) }
        #expect(error?.message == "'My_Alerts' is not a provider name: \(Self.rule)")
        #expect(error?.value == "My_Alerts")
    }

    @Test func aMalformedNameInSettingsIsRefusedWhenResolved() {
        let error = #expect(throws: WeatherConfigurationError.self) {
            try ProviderRegistry.builtIn.resolve(["nws", "My_Alerts"])
        }
        #expect(error?.message == "'My_Alerts' is not a provider name: \(Self.rule)")
    }

    @Test func aDynamicNameIsValidated() throws {
        #expect(try ProviderName(validating: "my-alerts-2") == "my-alerts-2")
        for text in ["My_Alerts", "", "2day", "-x", String(repeating: "a", count: 65)] {
            #expect(throws: OpenNameError(text: text, noun: "provider name")) { try ProviderName(validating: text) }
        }
        #expect(throws: OpenNameError(text: "X", noun: "endpoint key")) { try EndpointKey(validating: "X") }
    }
}
