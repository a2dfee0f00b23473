import LocSimAppServices
import LocSimCLI
import LocSimGeocoding
import LocSimHTTPRecording
import LocSimPluginOptions
import LocSimPush
import LocSimReplay
import LocSimSettings
import LocSimSupport
import LocSimWeather
import Testing

/// A user's provider declaring whatever options a test gives it.
private struct OptionedProvider: WeatherProvider {
    var name: ProviderName
    var options: [PluginOption]
    var endpoints: [EndpointDeclaration] { [] }

    func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] { [] }
}

/// A user's geocoder declaring whatever options a test gives it.
private struct OptionedGeocoder: GeocoderPlugin {
    var name: GeocoderName { "optioned" }
    var help: String { "Declares options." }
    var endpoints: [EndpointDeclaration] { [] }
    var defaultLimit: GeocodeLimit? { nil }
    var options: [PluginOption]

    func makeGeocoder(
        client: any HTTPClient, endpoints: Endpoints, credentials: Credentials
    ) throws -> (any ReverseGeocoder)? { nil }
}

/// A second user geocoder, under another name.
private struct OtherGeocoder: GeocoderPlugin {
    var name: GeocoderName { "other" }
    var help: String { "Declares options too." }
    var endpoints: [EndpointDeclaration] { [] }
    var defaultLimit: GeocodeLimit? { nil }
    var options: [PluginOption]

    func makeGeocoder(
        client: any HTTPClient, endpoints: Endpoints, credentials: Credentials
    ) throws -> (any ReverseGeocoder)? { nil }
}

@Suite struct PluginOptionClashTests {
    static func option(_ flag: String, _ key: String) -> PluginOption {
        PluginOption(flag: flag, key: key, valueName: "v", help: "An option.", codec: .bool, default: false)
    }

    static func app(_ options: [PluginOption], name: ProviderName = "mine") throws -> ReplayApp {
        var app = ReplayApp()
        try app.providers.register(OptionedProvider(name: name, options: options))
        return app
    }

    @Test func theBuiltInAppHasNoClash() {
        #expect(ReplayApp().pluginOptionClashes.isEmpty)
    }

    @Test(arguments: [
        (
            "--seed", "mine.seed",
            "provider 'mine' declares the option --seed, which is the built-in setting --seed's flag"
        ),
        (
            "--mine-noise", "engine.noise",
            "provider 'mine' declares the option scenario.json key 'engine.noise', which is the built-in "
                + "setting --no-noise's key"
        ),
        (
            "--mine-x", "engine",
            "provider 'mine' declares the option scenario.json key 'engine', which nests with the key "
                + "'engine.authorization' of the built-in setting --authorization"
        ),
        (
            "--mine-x", "mine.a.b",
            "provider 'mine' declares the option scenario.json key 'mine.a.b', which is not one or two "
                + "non-empty parts ('myAlerts.units')"
        ),
        (
            "--mine-x", "mine.",
            "provider 'mine' declares the option scenario.json key 'mine.', which is not one or two "
                + "non-empty parts ('myAlerts.units')"
        ),
        (
            "--mine-x", "track.x",
            "provider 'mine' declares the option scenario.json key 'track.x', which is inside the scenario "
                + "file's own key 'track'"
        ),
    ])
    func anOptionClashingWithABuiltInSettingIsNamed(flag: String, key: String, message: String) throws {
        let clashes = try Self.app([Self.option(flag, key)]).pluginOptionClashes
        #expect(clashes.map(\.description) == [message])
    }

    @Test func anOptionClashingWithAnotherPluginsIsNamed() throws {
        var app = try Self.app([Self.option("--shared", "shared.one")])
        try app.geocoders.register(OptionedGeocoder(options: [Self.option("--shared", "shared.two")]))
        #expect(
            app.pluginOptionClashes.map(\.description) == [
                "geocoder 'optioned' declares the option --shared, which is provider 'mine''s flag"
            ])
        #expect(throws: PluginOptionClash.self) { try app.checkPluginOptions() }
    }

    @Test func oneOptionDeclaredByTwoPluginsIsNotAClash() throws {
        var app = try Self.app([Self.option("--shared", "shared.one")])
        try app.providers.register(OptionedProvider(name: "other", options: [Self.option("--shared", "shared.one")]))
        #expect(app.pluginOptionClashes.isEmpty)
        try app.checkPluginOptions()
    }

    @Test func aRegistryRefusesAPluginWhoseOptionClashesWithAnotherOfItsPlugins() throws {
        var providers = ProviderRegistry.builtIn
        try providers.register(OptionedProvider(name: "one", options: [Self.option("--units", "one.units")]))
        #expect(
            throws: ProviderRegistryError.optionClash("two", "--units (key 'two.units') and --units (key 'one.units')")
        ) {
            try providers.register(OptionedProvider(name: "two", options: [Self.option("--units", "two.units")]))
        }
        #expect(
            ProviderRegistryError.optionClash("two", "--a (key 'x') and --b (key 'x')").description
                == "provider 'two' declares an option that clashes with another provider's: --a (key 'x') and --b (key 'x')"
        )
        #expect(
            throws: ProviderRegistryError.optionClash(
                "three",
                "--xweather-query2 (key 'xweather.query') and "
                    + "--xweather-query (key 'xweather.query')")
        ) {
            try providers.register(
                OptionedProvider(name: "three", options: [Self.option("--xweather-query2", "xweather.query")]))
        }
        // The same option, declared alike, is shared.
        try providers.register(OptionedProvider(name: "four", options: [Self.option("--units", "one.units")]))
        #expect(providers.names.suffix(2) == ["one", "four"])

        var geocoders = GeocoderRegistry.builtIn
        try geocoders.register(OptionedGeocoder(options: [Self.option("--near", "optioned.near")]))
        #expect(
            throws: GeocoderRegistryError.optionClash(
                "other", "--far (key 'optioned.near') and --near (key 'optioned.near')")
        ) {
            try geocoders.register(OtherGeocoder(options: [Self.option("--far", "optioned.near")]))
        }
        #expect(geocoders.names.last == "optioned")
    }

    @Test func theCommandLineRefusesAClashingAppWithExit70() throws {
        let out = MemoryOutput()
        let err = MemoryOutput()
        var context = CommandContext(
            stdout: out, stderr: err, environment: [:], currentDirectory: "/", clock: ManualWallClock())
        context.app = try Self.app([Self.option("--seed", "mine.seed")])
        let status = LocSim.run(arguments: ["replay", "--help"], context: context)
        #expect(status == .software)
        #expect(out.text.isEmpty)
        #expect(
            err.text.contains(
                "invalid plug-in option: provider 'mine' declares the option --seed, which is the built-in "
                    + "setting --seed's flag"))
        #expect(!err.text.contains("invalid command spec"))
    }
}
