import LocSimAppServices
import LocSimGeocoding
import LocSimHTTPRecording
import LocSimLiveHTTP
import LocSimLocationCore
import LocSimSimulation
import LocSimTesting
import LocSimWeather
import Testing

/// The adapters over real HTTP: `LiveHTTPClient` against a server on 127.0.0.1, with base URLs
/// overridden as `--base-url` does.
struct ProvidersOverLoopbackTests {
    static let franklin = WeatherPlace(
        city: "Franklin", state: "LA", country: "United States", isoCountryCode: "US", latitude: 29.7966,
        longitude: -91.5016)
    static let credentials = Credentials.builtIn(environment: [
        "AERIS_CLIENT_ID": "loopback-id", "AERIS_CLIENT_SECRET": "loopback-secret",
        "NWS_USER_AGENT": "locsim-tests (ops@example.org)", "OWM_APPID": "loopback-appid",
        "NOMINATIM_USER_AGENT": "locsim-tests nominatim (ops@example.org)",
    ])

    static func server(_ routes: [String: LoopbackHTTPServer.Reply]) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            let path = String(request.url.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }.prefix { $0 != "?" })
            return routes[path] ?? .init(HTTPResponse(status: 404, body: Array("no route for \(path)".utf8)))
        }
    }

    static func reply(
        _ body: String, status: Int = 200, type: String = "application/json", gzip: Bool = false
    )
        -> LoopbackHTTPServer.Reply
    {
        .init(HTTPResponse(status: status, headers: ["Content-Type": type], body: Array(body.utf8)), gzip: gzip)
    }

    @Test func aerisGzippedAdvisory() throws {
        let server = try Self.server([
            "/advisories/franklin,la,us": Self.reply(AerisBodies.franklinCoastalFlood, gzip: true)
        ])
        defer { server.stop() }
        let aeris = AerisAdvisories(client: LiveHTTPClient(), baseURL: server.baseURL, credentials: Self.credentials)
        #expect(try aeris.advisories(for: Self.franklin).map(\.name) == ["COASTAL FLOOD ADVISORY"])
        #expect(
            server.requests.map(\.url) == [
                server.baseURL + "/advisories/franklin,la,us?client_id=loopback-id&client_secret=loopback-secret"
            ])
    }

    @Test func aerisRateLimitEnvelopeOverHTTP429() throws {
        let server = try Self.server(["/advisories/franklin,la,us": Self.reply(AerisBodies.maxHitsMinute, status: 429)])
        defer { server.stop() }
        let aeris = AerisAdvisories(client: LiveHTTPClient(), baseURL: server.baseURL, credentials: Self.credentials)
        #expect(
            throws: ProviderFailure(
                provider: "aeris", code: "maxhits_min", message: "Maximum number of queries per minute exceeded.")
        ) { try aeris.advisories(for: Self.franklin) }
    }

    @Test func nwsSendsIdentityAndReadsProblems() throws {
        let server = try Self.server([
            "/alerts/active": Self.reply(NWSBodies.invalidPoint, status: 404, type: "application/problem+json")
        ])
        defer { server.stop() }
        let nws = NWSAlerts(client: LiveHTTPClient(), baseURL: server.baseURL, credentials: Self.credentials)
        #expect {
            try nws.advisories(for: Self.franklin)
        } throws: { error in
            (error as? ProviderFailure)?.code == "InvalidPoint"
        }
        let request = try #require(server.requests.first)
        #expect(request.url == server.baseURL + "/alerts/active?point=29.7966,-91.5016")
        #expect(request.header("User-Agent") == "locsim-tests (ops@example.org)")
        #expect(request.header("Accept") == "application/geo+json")
    }

    @Test func owmUmbrellaAndRateLimit() throws {
        let server = try Self.server([
            "/data/2.5/forecast": Self.reply(OWMBodies.forecast(pops: ["0.2", "0.7"])),
            "/data/2.5/weather": Self.reply(OWMBodies.rateLimited, status: 429),
        ])
        defer { server.stop() }
        let owm = OpenWeatherMap(
            client: LiveHTTPClient(), baseURL: server.baseURL + "/data/2.5", credentials: Self.credentials)
        #expect(try owm.umbrella(for: Self.franklin).judgement == "I need an umbrella")
        #expect {
            try owm.currentConditions(for: Self.franklin)
        } throws: { error in
            (error as? ProviderFailure)?.code == "429"
        }
        #expect(
            server.requests.first?.url
                == server.baseURL + "/data/2.5/forecast?lat=29.7966&lon=-91.5016&cnt=6&appid=loopback-appid")
    }

    @Test func unreachableHostIsAnEventNotACrash() throws {
        let port = try LoopbackHTTPServer.closedPort()
        let bus = NotificationBus()
        var endpoints = Endpoints(ProviderRegistry.builtIn.endpoints)
        for argument in ["aeris=http://127.0.0.1:\(port)", "nws=http://127.0.0.1:\(port)"] {
            let (key, url) = try endpoints.parse(argument: argument)
            try endpoints.override([key: url])
        }
        let posted = PostedNotifications(bus)
        let service = WeatherService(providers: try ProviderRegistry.builtIn.resolve([.aeris, .nws]))
        let host = ServiceHost(
            bus: bus, services: [service],
            context: ServiceContext(
                bus: bus, http: LiveHTTPClient(timeout: .seconds(5)), credentials: Self.credentials,
                endpoints: endpoints))
        defer { host.stop() }
        bus.post(
            .locationAvailable,
            [
                "city": "Franklin", "state": "LA", "country": "United States",
                "isoCountryCode": "US", "latitude": "29.796600", "longitude": "-91.501600",
            ])
        #expect(posted.list.map(\.name) == [.locationAvailable, .providerError, .providerError])
        #expect(posted.list.dropFirst().map { $0.userInfo["code"] ?? "" } == ["unreachable", "unreachable"])
        #expect(posted.list.allSatisfy { !($0.userInfo["message"] ?? "").contains("loopback-secret") })
    }
}

/// Records notifications in order (registered before the services, like a transcript).
final class PostedNotifications: Sendable {
    private let recorder: BusRecorder
    init(_ bus: NotificationBus) { recorder = BusRecorder(bus) }
    var list: [BusNotification] { recorder.notifications }
}
