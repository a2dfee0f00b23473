import Foundation
import LocSimAppServices
import LocSimCLI
import LocSimCanonicalJSON
import LocSimGeocoding
import LocSimHTTPRecording
import LocSimLocationCore
import LocSimPluginOptions
import LocSimPush
import LocSimReplay
import LocSimScenarioHarness
import LocSimSettings
import LocSimSupport
import LocSimTesting
import LocSimWeather
import Testing

/// A user's provider with one option (`--my-alerts-units`): it answers "no advisory" with the
/// units it was configured with and its secret, so the transcript shows what reached it.
private struct MyAlertsProvider: WeatherProvider {
    enum Units: String, CaseIterable, Sendable { case metric, imperial }

    static let unitsOption = PluginOption(
        flag: "--my-alerts-units", key: "myAlerts.units", valueName: "units", help: "Units My Alerts answers in.",
        codec: SettingCodec<Units>.choice(expected: "metric or imperial"), default: Units.metric,
        choices: Units.allCases.map(\.rawValue))

    var units = Units.metric

    var name: ProviderName { "my-alerts" }
    var endpoints: [EndpointDeclaration] {
        [EndpointDeclaration(key: "my-alerts", defaultBaseURL: "https://alerts.test")]
    }
    var secrets: [SecretDeclaration] { [SecretDeclaration(variable: "MY_ALERTS_KEY")] }
    var options: [PluginOption] { [Self.unitsOption] }

    func configured(with options: PluginOptionValues) -> MyAlertsProvider {
        MyAlertsProvider(units: Units(rawValue: options.text(of: Self.unitsOption)) ?? .metric)
    }

    func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
        [.noAdvisory(reason: "units \(units.rawValue) key \(context.credentials["MY_ALERTS_KEY"])")]
    }
}

/// A user's geocoder with no option of its own and, like Nominatim, no default throttle.
private struct HereGeocoderPlugin: GeocoderPlugin {
    struct Geocoder: ReverseGeocoder {
        func reverseGeocode(_ coordinate: Coordinate) throws(GeocodeError) -> Placemark {
            Placemark(name: "Here", locality: "Here", administrativeArea: "LA", country: "United States")
        }
    }

    var name: GeocoderName { "here" }
    var help: String { "Here, everywhere." }
    var endpoints: [EndpointDeclaration] { [EndpointDeclaration(key: "here-geo", defaultBaseURL: "https://geo.test")] }
    var defaultLimit: GeocodeLimit? { nil }

    func makeGeocoder(
        client: any HTTPClient, endpoints: Endpoints, credentials: Credentials
    ) throws -> (any ReverseGeocoder)? { Geocoder() }
}

/// A user's push sink that posts nowhere.
private struct PagerSinkPlugin: PushSinkPlugin {
    struct Sink: PushSink {
        func send(
            _ message: PushMessage, collapseID: String?, expiration: Double?, context: ServiceContext
        ) -> ProviderFailure? { nil }
    }

    var name: PushSinkName { "pager" }
    var help: String { "Page someone." }
    var destination: String { "to a pager" }
    var endpoint: EndpointDeclaration { EndpointDeclaration(key: "pager", defaultBaseURL: "https://pager.test") }

    func makeSink(baseURL: String, credentials: Credentials, bundleID: String?) -> any PushSink { Sink() }
}

@Suite struct PluginOptionTests {
    static func app() throws -> ReplayApp {
        var app = ReplayApp()
        try app.providers.register(MyAlertsProvider())
        try app.geocoders.register(HereGeocoderPlugin())
        try app.pushSinks.register(PagerSinkPlugin())
        return app
    }

    /// A temporary repository root with a three-point track `t.gpx`.
    static func root() throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("locsim-plugin-options-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let points = (0..<3).map { index in
            "<trkpt lat=\"29.79\(60 + index)\" lon=\"-91.5012\"><time>2024-01-01T00:00:0\(index * 3)Z</time></trkpt>"
        }
        let gpx =
            #"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">"#
            + "<trk><trkseg>" + points.joined() + "</trkseg></trk></gpx>"
        try removingIfThrows(URL(fileURLWithPath: directory)) {
            try Data(gpx.utf8).write(to: URL(fileURLWithPath: directory + "/t.gpx"))
        }
        return directory
    }

    static func run(
        _ arguments: [String], in directory: String, environment: [String: String] = [:]
    ) throws -> (status: ExitCode, stdout: String, stderr: String) {
        let out = MemoryOutput()
        let err = MemoryOutput()
        var context = CommandContext(
            stdout: out, stderr: err, environment: environment, currentDirectory: directory, clock: ManualWallClock())
        context.app = try app()
        let status = LocSim.run(arguments: arguments, context: context)
        return (status, out.text, err.text)
    }

    @Test func replayHelpListsThePluginsAndTheirOption() throws {
        let (status, help, _) = try Self.run(["replay", "--help"], in: "/")
        #expect(status == .success)
        let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let lastBuiltInProvider = ProviderRegistry.builtIn.names.last?.rawValue ?? ""
        let lastBuiltInProviderKey = ProviderRegistry.builtIn.endpoints.last?.key.rawValue ?? ""
        #expect(flat.contains("\(lastBuiltInProvider), my-alerts, or your own), or none."))
        #expect(flat.contains("Reverse geocoder. (values: offline, nominatim, none, here; default: offline)"))
        #expect(
            flat.contains(
                "Apple's throttle: n granted requests per s seconds (default 50/60; none with nominatim or here)."))
        #expect(
            flat.contains(
                "Also POST each push to Parse, or to APNs (apns=url, with --bundle-id), or to a pager, at url."))
        #expect(
            flat.contains(
                "\(lastBuiltInProviderKey), my-alerts, nominatim, here-geo, parse, apns, pager, or a provider's own)"))
        #expect(flat.contains("--my-alerts-units <units> Units My Alerts answers in."))
        #expect(flat.contains("(values: metric, imperial; default: metric)"))
        // The option sits with the providers' options, after Xweather's.
        let xweather = try #require(help.range(of: "--xweather-query"))
        let mine = try #require(help.range(of: "--my-alerts-units"))
        let noPush = try #require(help.range(of: "--no-push"))
        #expect(xweather.lowerBound < mine.lowerBound && mine.lowerBound < noPush.lowerBound)

        let (_, builtIn, _) = try Self.run(["scenario", "new", "--help"], in: "/")
        #expect(builtIn.contains("--my-alerts-units"))
    }

    @Test func theOptionReachesTheProviderFromTheCommandLineWithItsSecretRedacted() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let common = [
            "replay", "t.gpx", "--providers", "my-alerts", "--geocoder", "here", "--push-endpoint", "pager",
            "--format", "jsonl",
        ]
        let environment = ["MY_ALERTS_KEY": "sekrit-value-42"]
        let (status, stdout, stderr) = try Self.run(
            common + ["--my-alerts-units", "imperial"], in: root, environment: environment)
        #expect(status == .success, "\(stderr)")
        #expect(stdout.contains("units imperial"))
        #expect(stdout.contains("Here"))
        #expect(!stdout.contains("sekrit-value-42"))
        let (_, defaults, _) = try Self.run(common, in: root)
        #expect(defaults.contains("units metric"))

        let (typo, _, message) = try Self.run(common + ["--my-alerts-units", "imperal"], in: root)
        #expect(typo == .usage)
        #expect(message.contains("'imperal' is invalid for '--my-alerts-units <units>'"))
        #expect(message.contains("Did you mean 'imperial'?"))
    }

    @Test func baseURLTakesThePluginsKeysAndSuggestsForATypo() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let common = ["replay", "t.gpx", "--providers", "my-alerts", "--format", "jsonl"]
        let (status, _, stderr) = try Self.run(common + ["--base-url", "my-alerts=http://127.0.0.1:9"], in: root)
        #expect(status == .success, "\(stderr)")
        let (typo, _, message) = try Self.run(common + ["--base-url", "my-alert=http://127.0.0.1:9"], in: root)
        #expect(typo == .usage)
        #expect(message.contains("Did you mean 'my-alerts'?"), "\(message)")
    }

    @Test func scenarioJSONReadsTheOptionWithPreciseErrors() throws {
        let table = try Self.app().settingsTable
        let text = #"{"version": 1, "track": "t.gpx", "myAlerts": {"units": "imperial"}}"#
        let file = try ScenarioFile.parse(text, file: "s/scenario.json", settings: table)
        #expect(file.settings.pluginOptions.text(of: MyAlertsProvider.unitsOption) == "imperial")
        #expect(file.statedKeys.contains("myAlerts.units"))
        #expect(try ScenarioFile.parse(file.text(settings: table), file: "again.json", settings: table) == file)

        let configuration = try file.settings.configuration(app: Self.app())
        #expect(configuration.services.pluginOptions == file.settings.pluginOptions)

        let bad = #"{"version": 1, "track": "t.gpx", "myAlerts": {"units": "imperal"}}"#
        #expect(throws: ScenarioFileError.self) {
            try ScenarioFile.parse(bad, file: "s/scenario.json", settings: table)
        }
        do {
            _ = try ScenarioFile.parse(bad, file: "s/scenario.json", settings: table)
        } catch {
            #expect(
                error.description
                    == #"s/scenario.json:1:56: error: 'myAlerts.units' must be one of "metric", "imperial", got "imperal" (did you mean "imperial"?)"#
            )
        }
        // Without the app's table the key is unknown, as any key no setting declares.
        #expect(throws: ScenarioFileError.self) { try ScenarioFile.parse(text, file: "s/scenario.json") }
    }

    @Test func scenarioNewWritesTheOptionAndTheRunReadsIt() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (status, _, stderr) = try Self.run(
            [
                "scenario", "new", "mine", "--track", "t.gpx", "--providers", "my-alerts", "--my-alerts-units",
                "imperial",
            ],
            in: root)
        #expect(status == .success, "\(stderr)")
        let written = try String(contentsOfFile: root + "/Recordings/mine/scenario.json", encoding: .utf8)
        #expect(written.contains(#""myAlerts" : {"#) || written.contains(#""myAlerts": {"#))
        #expect(written.contains(#""units" : "imperial""#) || written.contains(#""units": "imperial""#))
        #expect(written.contains(#""xweather""#))

        let (replayed, stdout, replayError) = try Self.run(
            ["replay", "--scenario", "mine", "--format", "jsonl"], in: root)
        #expect(replayed == .success, "\(replayError)")
        #expect(stdout.contains("units imperial"))

        // `locsim record` replays the new cassette with the context's app too.
        try FileManager.default.createDirectory(atPath: root + "/fixtures", withIntermediateDirectories: true)
        let (recorded, _, recordError) = try Self.run(["record", "mine", "--from-fixtures", "fixtures"], in: root)
        #expect(recorded == .success, "\(recordError)")

        // `locsim test` runs it with the context's app (its table reads the option, its registry
        // the provider), writing the expectation on --update and then passing.
        let (updated, _, updateError) = try Self.run(["test", "mine", "--update"], in: root)
        #expect(updated == .success, "\(updateError)")
        let expected = try String(contentsOfFile: root + "/Recordings/mine/expected.jsonl", encoding: .utf8)
        #expect(expected.contains("units imperial"))
        let (tested, _, testError) = try Self.run(["test", "mine"], in: root)
        #expect(tested == .success, "\(testError)")
    }

    @Test func xweathersQueryIsItsOwnOption() throws {
        #expect(XweatherProvider().options.map(\.flag) == ["--xweather-query"])
        var values = PluginOptionValues()
        values["xweather.query", default: .string("place")] = .string("closest")
        #expect(XweatherProvider().configured(with: values).query == .closest)
        #expect(XweatherProvider(query: .closest).configured(with: PluginOptionValues()).query == .place)
        // A value stated at its default is not stored: settings stating it equal settings leaving it out.
        values["xweather.query", default: .string("place")] = .string("place")
        #expect(values == PluginOptionValues())
        let stated = try ScenarioFile.parse(
            #"{"version": 1, "track": "t.gpx", "xweather": {"query": "place"}}"#, file: "s.json",
            settings: ReplayApp().settingsTable)
        #expect(stated.settings == ReplaySettings())
        #expect(ReplayApp().pluginCatalog.providerOptions.map(\.key) == ["xweather.query"])
        // The providers' keys, then the geocoders', then the push sinks', each once.
        let app = ReplayApp()
        var seen: Set<String> = []
        let declared = (app.providers.endpoints + app.geocoders.endpoints + app.pushSinks.endpoints).map(\.key.rawValue)
        #expect(app.pluginCatalog.endpointKeys == declared.filter { seen.insert($0).inserted })
        #expect(app.pluginCatalog.endpointKeys.suffix(3) == ["nominatim", "parse", "apns"])
    }

    /// docs/providers.md's "A plug-in's own options" example is this file's provider, line for line.
    @Test func theDocumentedProviderIsTheOneTested() throws {
        let tests = URL(fileURLWithPath: #filePath)
        let root = tests.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/providers.md"), encoding: .utf8)
        let source = try String(contentsOf: tests, encoding: .utf8)
        let start = try #require(doc.range(of: "struct MyAlertsProvider: WeatherProvider {"))
        let end = try #require(doc.range(of: "\n}\n", range: start.upperBound..<doc.endIndex))
        let documented = String(doc[start.lowerBound..<end.upperBound])
        #expect(documented.split(separator: "\n").count > 15)
        #expect(source.contains("private " + documented))
    }
}
