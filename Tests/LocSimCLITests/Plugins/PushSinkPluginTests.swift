import Foundation
import LocSimAppServices
import LocSimCLI
import LocSimHTTPRecording
import LocSimPush
import LocSimReplay
import LocSimSettings
import LocSimSimulation
import LocSimSupport
import Testing

/// A user's push sink: records each push it is handed, at its own base URL with its own secret.
private struct WebhookSinkPlugin: PushSinkPlugin {
    struct Sink: PushSink {
        var baseURL: String
        var outbox: Outbox

        func send(
            _ message: PushMessage, collapseID: String?, expiration: Double?, context: ServiceContext
        ) -> ProviderFailure? {
            outbox.append(baseURL + " " + message.alert)
            return nil
        }
    }

    final class Outbox: Sendable {
        private let lines = Locked<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    let outbox = Outbox()
    var name: PushSinkName { "webhook" }
    var help: String { "POST each push to a webhook." }
    var endpoint: EndpointDeclaration { EndpointDeclaration(key: "webhook", defaultBaseURL: "https://hooks.test") }
    var secrets: [SecretDeclaration] { [SecretDeclaration(variable: "WEBHOOK_TOKEN")] }

    func makeSink(baseURL: String, credentials: Credentials, bundleID: String?) -> any PushSink {
        Sink(baseURL: baseURL, outbox: outbox)
    }
}

@Suite struct PushSinkPluginTests {
    @Test func theBuiltInsAreParseThenAPNs() {
        let registry = PushSinkRegistry.builtIn
        #expect(registry.names == ["parse", "apns"])
        #expect(registry.endpoints == [ParseEndpoint.endpoint, APNsEndpoint.endpoint])
        #expect(registry.secrets == ParseEndpoint.secrets + APNsEndpoint.secrets)
        #expect(registry.spellings == ["parse", "parse=URL", "apns", "apns=URL"])
        #expect(registry["apns"]?.needsBundleID == true && registry["parse"]?.needsBundleID == false)
    }

    @Test func aRegisteredSinkIsResolvedAndHandedEveryPush() throws {
        let plugin = WebhookSinkPlugin()
        var app = ReplayApp()
        try app.pushSinks.register(plugin)
        #expect(throws: PushSinkRegistryError.duplicate("webhook")) { try app.pushSinks.register(plugin) }
        #expect(app.endpoints.declarations.map(\.key).contains("webhook"))
        #expect(app.secrets.map(\.variable).contains("WEBHOOK_TOKEN"))

        var settings = ReplaySettings()
        settings.pushEndpoint = "webhook"
        settings.baseURLs = ["webhook": "http://127.0.0.1:9/hook"]
        let configuration = try settings.configuration(app: app)
        #expect(configuration.warnings.isEmpty)
        let selection = try #require(configuration.services.pushSink)
        #expect(selection.plugin.name == "webhook")
        #expect(app.secrets(for: configuration).map(\.variable).contains("WEBHOOK_TOKEN"))

        let bus = NotificationBus()
        let host = ServiceHost(
            bus: bus, services: [PushController(sinks: [selection.sink])],
            context: ServiceContext(bus: bus, http: UnusedClient(), credentials: .placeholders))
        defer { host.stop() }
        bus.post(.advisoryAvailable, ["location": "Franklin, LA", "name": "Coastal Flood Advisory"])
        #expect(
            plugin.outbox.all == ["http://127.0.0.1:9/hook Weather Advisory for Franklin, LA:  Coastal Flood Advisory"])

        settings.pushEndpoint = "webhook=http://127.0.0.1:8/other"
        settings.baseURLs = [:]
        let other = try #require(
            try settings.configuration(app: app).services.pushSink?.sink as? WebhookSinkPlugin.Sink)
        #expect(other.baseURL == "http://127.0.0.1:8/other")
    }

    @Test func anUnknownNameListsEverySpelling() throws {
        var app = ReplayApp()
        try app.pushSinks.register(WebhookSinkPlugin())
        var settings = ReplaySettings()
        settings.pushEndpoint = "webhok=http://127.0.0.1:9"
        let error = try #require(throws: ReplaySettingsError.self) { try settings.configuration(app: app) }
        #expect(error.option == "--push-endpoint")
        #expect(error.value == "webhok")
        #expect(error.validValues == ["parse", "apns", "webhook"])
        #expect(
            error.message
                == "unknown push endpoint 'webhok'; expected parse, parse=URL, apns, apns=URL, webhook or webhook=URL")
    }

    @Test func theCommandLineSuggestsABuiltInAsBefore() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("locsim-push-sink-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let typo = CLIRun(["replay", "t.gpx", "--push-endpoint", "parce"], in: directory)
        #expect(typo.status == .usage)
        #expect(
            typo.stderr.hasPrefix(
                "Error: The value 'parce' is invalid for '--push-endpoint <parse=url>': unknown push endpoint 'parce'; "
                    + "expected parse, parse=URL, apns or apns=URL. Did you mean 'parse'?\n"))
        let apns = CLIRun(["replay", "t.gpx", "--push-endpoint", "apns"], in: directory)
        #expect(apns.status == .usage)
        #expect(apns.stderr.contains("'--push-endpoint apns' needs '--bundle-id' (the apns-topic)"))
        let bundle = CLIRun(["replay", "t.gpx", "--bundle-id", "com.example"], in: directory)
        #expect(bundle.stderr.contains("'--bundle-id' requires '--drive' or '--push-endpoint apns'."))
    }
}

/// A client the sink under test never calls.
private struct UnusedClient: HTTPClient {
    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        throw .unreachable("no HTTP in this test: \(request.url)")
    }
}
