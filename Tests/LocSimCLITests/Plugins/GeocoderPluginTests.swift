import Foundation
import LocSimCLI
import LocSimCanonicalJSON
import LocSimGeocoding
import LocSimHTTPRecording
import LocSimLocationCore
import LocSimPluginOptions
import LocSimReplay
import LocSimScenarioHarness
import LocSimScenarioReplay
import LocSimSettings
import LocSimSupport
import Testing

/// A user's geocoder: one place for every coordinate, at its own base URL with its own key and
/// pacing. docs/geocoding.md shows it (``theDocumentedPluginIsTheOneTested()``).
private struct FixedGeocoderPlugin: GeocoderPlugin {
    struct Geocoder: ReverseGeocoder {
        func reverseGeocode(_ coordinate: Coordinate) throws(GeocodeError) -> Placemark {
            Placemark(name: "Plugintown", locality: "Plugintown", administrativeArea: "LA", country: "United States")
        }
    }

    var name: GeocoderName { "fixed" }
    var help: String { "One place everywhere." }
    var endpoints: [EndpointDeclaration] { [EndpointDeclaration(key: "fixed-geo", defaultBaseURL: "https://geo.test")] }
    var secrets: [SecretDeclaration] { [SecretDeclaration(variable: "FIXED_GEO_KEY")] }
    var defaultLimit: GeocodeLimit? { nil }
    var minimumRequestInterval: Duration { .seconds(2) }

    func makeGeocoder(
        client: any HTTPClient, endpoints: Endpoints, credentials: Credentials
    ) throws -> (any ReverseGeocoder)? { Geocoder() }
}

@Suite struct GeocoderPluginTests {
    static func app() throws -> ReplayApp {
        var app = ReplayApp()
        try app.geocoders.register(FixedGeocoderPlugin())
        return app
    }

    @Test func theBuiltInsAreRegisteredInHelpOrderWithNominatimsEndpointAndSecret() {
        let registry = GeocoderRegistry.builtIn
        #expect(registry.names == ["offline", "nominatim", "none"])
        #expect(registry.endpoints == [NominatimGeocoder.endpoint])
        #expect(registry.secrets == [NominatimGeocoder.userAgentSecret])
        #expect(ReplayApp().endpoints.declarations.map(\.key).contains("nominatim"))
    }

    @Test func aRegisteredPluginIsResolvedWithItsPacingEndpointAndSecret() throws {
        let app = try Self.app()
        var settings = ReplaySettings()
        settings.geocoder = "fixed"
        settings.baseURLs = ["fixed-geo": "http://127.0.0.1:9"]
        let configuration = try settings.configuration(app: app)
        #expect(configuration.geocoder == "fixed")
        #expect(configuration.geocoding.throttle == nil)
        #expect(configuration.geocoding.minInterval == 2)
        #expect(configuration.warnings.isEmpty)
        #expect(configuration.services.endpoints["fixed-geo"] == "http://127.0.0.1:9")
        #expect(app.secrets.map(\.variable).contains("FIXED_GEO_KEY"))
        #expect(
            app.secrets(for: configuration).map(\.variable) == [
                "AERIS_CLIENT_ID", "AERIS_CLIENT_SECRET", "FIXED_GEO_KEY",
            ])
        let geocoder = try ReplayGeocoders.make(for: configuration, client: NoNetworkClient(), app: app)
        #expect(try geocoder?.reverseGeocode(Coordinate(latitude: 0, longitude: 0)).locality == "Plugintown")
    }

    /// docs/geocoding.md's "Your own geocoder" example is this file's plug-in, line for line.
    @Test func theDocumentedPluginIsTheOneTested() throws {
        let tests = URL(fileURLWithPath: #filePath)
        let root = tests.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/geocoding.md"), encoding: .utf8)
        let source = try String(contentsOf: tests, encoding: .utf8)
        let start = try #require(doc.range(of: "struct FixedGeocoderPlugin: GeocoderPlugin {"))
        let end = try #require(doc.range(of: "\n}\n", range: start.upperBound..<doc.endIndex))
        let documented = String(doc[start.lowerBound..<end.upperBound])
        #expect(documented.split(separator: "\n").count > 15)
        #expect(source.contains("private " + documented))
    }

    @Test func aNameTakenTwiceIsRefused() throws {
        var registry = GeocoderRegistry.builtIn
        #expect(throws: GeocoderRegistryError.duplicate("fixed")) {
            try registry.register(FixedGeocoderPlugin())
            try registry.register(FixedGeocoderPlugin())
        }
        #expect(throws: GeocoderRegistryError.duplicate("nominatim")) {
            try registry.register(NominatimGeocoderPlugin())
        }
    }

    @Test func anUnknownNameIsRefusedWithTheRegisteredNames() throws {
        var settings = ReplaySettings()
        settings.geocoder = "fixed"
        let error = try #require(throws: ReplaySettingsError.self) { try settings.configuration() }
        #expect(error.option == "--geocoder")
        #expect(error.message == "unknown geocoder 'fixed'; expected offline, nominatim or none")
        #expect(error.validValues == ["offline", "nominatim", "none"])
        settings.geocoder = "fixd"
        let user = try #require(throws: ReplaySettingsError.self) { try settings.configuration(app: Self.app()) }
        #expect(user.validValues == ["offline", "nominatim", "none", "fixed"])
    }

    @Test func scenarioJSONNamesAPlugin() throws {
        let file = try ScenarioFile.parse(
            #"{"version":1,"track":"t.gpx","geocoder":{"kind":"fixed"},"providers":["none"]}"#, file: "scenario.json")
        #expect(file.settings.geocoder == "fixed")
        #expect(try file.settings.configuration(app: Self.app()).geocoder == "fixed")
        #expect(file.json["geocoder"]?["kind"] == .string("fixed"))
        #expect(throws: (any Error).self) {
            try ScenarioFile.parse(
                #"{"version":1,"track":"t.gpx","geocoder":{"kind":"Fixed!"}}"#, file: "scenario.json")
        }
    }

    /// `locsim test` calls a geocoder the app lacks an invalid scenario, in the file parser's words.
    @Test func anUnregisteredGeocoderInScenarioJSONIsAnInvalidScenario() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("locsim-geocoder-scenario-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = [
            "Recordings/s1/scenario.json":
                #"{"version":1,"track":"t.gpx","geocoder":{"kind":"nominatimm"},"providers":["none"]}"#,
            "Recordings/s1/cassette.json": #"{"version":1,"interactions":[]}"#,
            "Recordings/s1/expected.jsonl": "",
            "t.gpx":
                #"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"></gpx>"#,
        ]
        for (path, text) in files {
            let url = URL(fileURLWithPath: directory + "/" + path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let run = CLIRun(["test", "s1"], in: directory)
        #expect(run.status != .success)
        #expect(run.stdout.contains("FAIL s1: invalid scenario"))
        #expect(
            (run.stdout + run.stderr).contains(
                #"Recordings/s1/scenario.json:1:49: error: 'geocoder.kind' must be one of "offline", "nominatim", "none", "#
                    + #"got "nominatimm" (did you mean "nominatim"?)"#))
    }

    @Test func theCommandLineRunsAPluginAndSuggestsForATypo() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("locsim-geocoder-plugin-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let points = (0..<3).map { index in
            "<trkpt lat=\"29.79\(60 + index)\" lon=\"-91.5012\"><time>2024-01-01T00:00:0\(index * 3)Z</time></trkpt>"
        }
        let gpx =
            #"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">"#
            + "<trk><trkseg>" + points.joined() + "</trkseg></trk></gpx>"
        try Data(gpx.utf8).write(to: URL(fileURLWithPath: directory + "/t.gpx"))

        func run(_ arguments: [String]) throws -> (ExitCode, String, String) {
            let out = MemoryOutput()
            let err = MemoryOutput()
            var context = CommandContext(
                stdout: out, stderr: err, environment: [:], currentDirectory: directory, clock: ManualWallClock())
            context.app = try Self.app()
            let status = LocSim.run(arguments: arguments, context: context)
            return (status, out.text, err.text)
        }
        let common = ["replay", "t.gpx", "--providers", "none", "--no-push", "--format", "jsonl"]
        let (status, stdout, _) = try run(common + ["--geocoder", "fixed"])
        #expect(status == .success)
        #expect(stdout.contains("Plugintown"))

        let (typoStatus, _, stderr) = try run(common + ["--geocoder", "fixd"])
        #expect(typoStatus == .usage)
        #expect(
            stderr.contains(
                "The value 'fixd' is invalid for '--geocoder <geocoder>'. "
                    + "Please provide one of 'offline', 'nominatim', 'none' or 'fixed'. Did you mean 'fixed'?"))
    }

    /// The built-ins are refused as before the registry, when the parser checked a closed list.
    @Test func aMistypedBuiltInIsRefusedAsBefore() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("locsim-geocoder-typo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = CLIRun(["replay", "t.gpx", "--geocoder", "nominatimm"], in: directory)
        #expect(run.status == .usage)
        #expect(
            run.stderr.hasPrefix(
                "Error: The value 'nominatimm' is invalid for '--geocoder <geocoder>'. "
                    + "Please provide one of 'offline', 'nominatim' or 'none'. Did you mean 'nominatim'?\n"))
    }
}

/// A client for runs that must not reach the network.
private struct NoNetworkClient: HTTPClient {
    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        throw .unreachable("no HTTP in this test: \(request.url)")
    }
}
