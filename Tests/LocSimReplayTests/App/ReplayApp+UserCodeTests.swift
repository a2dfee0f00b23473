import Foundation
import LocSimAppServices
import LocSimGeocoding
import LocSimHTTPRecording
import LocSimLocationCore
import LocSimPluginOptions
import LocSimReplay
import LocSimSettings
import LocSimSimulation
import LocSimSupport
import LocSimWeather
import Testing

/// User-written providers and services in a replay: they take part, they may await as app code
/// does, and the transcript stays a function of the inputs.
struct ReplayAppUserCodeTests {
    /// Four timed points a few km apart, each a delivered fix with filter 3000 m.
    static let drive = """
        <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="29.80" lon="-91.50"><time>2024-01-01T00:00:00Z</time></trkpt>
        <trkpt lat="29.84" lon="-91.50"><time>2024-01-01T00:05:00Z</time></trkpt>
        <trkpt lat="29.88" lon="-91.50"><time>2024-01-01T00:10:00Z</time></trkpt>
        <trkpt lat="29.92" lon="-91.50"><time>2024-01-01T00:15:00Z</time></trkpt>
        </trkseg></trk></gpx>
        """

    static func configuration(providers: [ProviderName], app: ReplayApp) throws -> ReplayConfiguration {
        var settings = ReplaySettings()
        settings.providers = providers
        settings.interval = 0
        return try settings.configuration(app: app)
    }

    /// The JSONL transcript of one replay of ``drive``.
    static func transcript(
        _ app: ReplayApp, providers: [ProviderName], client: any HTTPClient = EchoClient()
    ) async throws
        -> String
    {
        let (path, cleanUp) = try driveFile()
        defer { cleanUp() }
        let (lines, _) = try await runner(app, providers: providers, client: client).run(gpxPath: path)
        return lines.map { $0.text + "\n" }.joined()
    }

    /// A runner of `app` with `providers`, the stub geocoder and `client`.
    static func runner(
        _ app: ReplayApp, providers: [ProviderName], client: any HTTPClient = EchoClient()
    ) throws -> ReplayRunner {
        ReplayRunner(
            configuration: try configuration(providers: providers, app: app), geocoder: StubGeocoder(), client: client,
            app: app)
    }

    /// ``drive`` in a file of its own, and how to remove it.
    static func driveFile() throws -> (path: String, cleanUp: () -> Void) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("userCode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("drive.gpx").path
        let cleanUp: () -> Void = { try? FileManager.default.removeItem(at: directory) }
        do {
            try Data(drive.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            cleanUp()
            throw error
        }
        return (path, cleanUp)
    }

    static func app(
        _ providers: [any WeatherProvider], push: (any AppService)? = nil, more: [any AppService] = [],
        timeout: Duration = .seconds(30)
    )
        throws -> ReplayApp
    {
        var app = ReplayApp(pushService: push, additionalServices: more, serviceTimeout: timeout)
        for provider in providers { try app.providers.register(provider) }
        return app
    }

    @Test func awaitingProvidersGiveTheSameTranscriptFiftyTimes() async throws {
        var transcripts: Set<String> = []
        for _ in 0..<50 {
            // A generous timeout: `Task.detached` waits for a thread of the shared pool, which a
            // loaded test machine may keep busy for a while; only a hang may end in `timed_out`.
            let app = try Self.app([AwaitingProvider(), DetachedProvider()], timeout: .seconds(600))
            transcripts.insert(try await Self.transcript(app, providers: ["awaiting", "detached"]))
        }
        #expect(transcripts.count == 1)
        let text = try #require(transcripts.first)
        let events = text.split(separator: "\n").map { String($0) }
        #expect(events.filter { $0.contains("\"event\":\"ADVISORY_AVAILABLE\"") }.count == 4)
        #expect(events.filter { $0.contains("\"event\":\"MY_CONDITIONS\"") }.count == 4)
        #expect(events.filter { $0.contains("\"event\":\"push\"") }.count == 4)
        // Within one place: the first provider's advisory, its push (delivered depth first), then the second's.
        let firstPlace = events.drop { !$0.contains("LOCATION_AVAILABLE") }.dropFirst().prefix(3)
        #expect(firstPlace.map { $0.contains("ADVISORY_AVAILABLE") } == [true, false, false])
        #expect(firstPlace.map { $0.contains("\"event\":\"push\"") } == [false, true, false])
        #expect(text.contains("\"name\":\"answer for Franklin\""))
        #expect(text.contains("\"summary\":\"conditions at Franklin, LA\""))
    }

    @Test func awaitingDoesNotMoveTheVirtualClock() async throws {
        let app = try Self.app([AwaitingProvider()])
        let lines = try await Self.transcript(app, providers: ["awaiting"]).split(separator: "\n")
        let times = lines.filter { $0.contains("ADVISORY_AVAILABLE") }.map {
            $0.contains("\"t\":0.000") || $0.contains("\"t\":300.000") || $0.contains("\"t\":600.000")
                || $0.contains("\"t\":900.000")
        }
        #expect(times == [true, true, true, true])
    }

    @Test func aProviderWithLatencyIsAnsweredThatMuchLater() async throws {
        let app = try Self.app([SlowProvider()])
        let lines = try await Self.transcript(app, providers: ["slow"]).split(separator: "\n")
        let advisory = try #require(lines.first { $0.contains("ADVISORY_AVAILABLE") })
        #expect(advisory.contains("\"t\":2.500"))
    }

    @Test func theUsersPushLogicReplacesTheBuiltInOne() async throws {
        let app = try Self.app([SlowProvider()], push: MyPushLogic())
        let text = try await Self.transcript(app, providers: ["slow"])
        #expect(!text.contains("\"event\":\"push\""))
        #expect(
            text.contains("{\"at\":\"2.5\",\"event\":\"MY_PUSH\",\"t\":2.500,\"text\":\"Heads up: Late Advisory\"}"))
    }

    @Test func failuresBecomeProviderErrorsAndTheRunGoesOn() async throws {
        // A short timeout: the hanging provider is given up after 1 s of wall-clock time.
        let app = try Self.app(
            [ThrowingProvider(typed: true), HangingProvider(), SlowProvider()], timeout: .seconds(1))
        let text = try await Self.transcript(app, providers: ["throwing", "hanging", "slow"])
        #expect(
            text.contains(
                "{\"code\":\"quota\",\"event\":\"provider_error\",\"message\":\"over quota\",\"provider\":\"throwing\",\"t\":0.000}"
            ))
        #expect(text.contains("\"code\":\"timed_out\",\"event\":\"provider_error\""))
        #expect(text.contains("\"provider\":\"hanging\""))
        #expect(text.split(separator: "\n").filter { $0.contains("\"event\":\"ADVISORY_AVAILABLE\"") }.count == 1)
    }

    @Test func anUntypedErrorIsAProviderError() async throws {
        let app = try Self.app([ThrowingProvider(typed: false)])
        let text = try await Self.transcript(app, providers: ["throwing"])
        #expect(text.contains("\"code\":\"provider_error\",\"event\":\"provider_error\",\"message\":\"Oops()\""))
    }

    @Test func aNonStringValueIsRefusedAndNothingIsPosted() async throws {
        let app = try Self.app([], more: [SloppyService()])
        let text = try await Self.transcript(app, providers: [])
        #expect(!text.contains("\"event\":\"SLOPPY\""))
        #expect(text.contains("\"code\":\"bad_notification\""))
        #expect(text.contains("'SLOPPY' userInfo 'count' is a Int, not a String"))
    }

    @Test func aNameRegisteredTwiceIsRefused() throws {
        var registry = ProviderRegistry.builtIn
        #expect(throws: ProviderRegistryError.duplicate("aeris")) { try registry.register(SlowProvider.named("aeris")) }
        try registry.register(SlowProvider())
        #expect(registry.names.last == "slow")
        registry.replace(SlowProvider.named("aeris"))
        #expect(registry["aeris"]?.latency == .milliseconds(2500))
    }

    @Test func anUnknownProviderNameSuggestsTheClosest() throws {
        let app = try Self.app([SlowProvider()])
        var settings = ReplaySettings()
        settings.providers = ["slwo"]
        #expect {
            _ = try settings.configuration(app: app)
        } throws: { error in
            guard let error = error as? ReplaySettingsError else { return false }
            return error.value == "slwo" && error.validValues.contains("slow") && error.validValues.contains("aeris")
        }
    }

    @Test func aUserProvidersSecretsAreRedactedInRecordings() throws {
        let app = try Self.app([AwaitingProvider()])
        let redactor = Redactor(declarations: app.secrets, environment: ["AWAITING_KEY": "s3cr3t-value"])
        let request = redactor.redact(
            HTTPRequest(url: "https://alerts.example.com/alerts?city=Franklin&key=s3cr3t-value"))
        #expect(request.url == "https://alerts.example.com/alerts?city=Franklin&key=<AWAITING_KEY>")
        #expect(app.endpoints.keys.contains("awaiting"))
    }
}

/// Answers every request with "answer for <city>".
struct EchoClient: HTTPClient {
    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        let city = request.url.split(separator: "city=").last?.split(separator: "&").first.map(String.init) ?? "?"
        return HTTPResponse(status: 200, body: Array("answer for \(city)".utf8))
    }
}

extension SlowProvider {
    /// A slow provider registered under another name.
    static func named(_ name: ProviderName) -> some WeatherProvider { Renamed(name: name) }

    struct Renamed: WeatherProvider {
        var name: ProviderName
        var latency: Duration { .milliseconds(2500) }
        func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] { [] }
    }
}
