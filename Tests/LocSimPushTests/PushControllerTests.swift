import LocSimAppServices
import LocSimHTTPRecording
import LocSimSimulation
import LocSimSupport
import LocSimTesting
import LocSimWeather
import Testing

@testable import LocSimPush

struct PushControllerTests {
    static let franklinAdvisory = [
        "location": "Franklin, LA", "name": "Coastal Flood Advisory", "body": "…", "provider": "nws", "type": "CF.Y",
    ]
    static let parseURL = "https://api.parse.com/1/push"

    final class Recorder: Sendable {
        // Guards the list.
        let list = Locked<[BusNotification]>([])
        init(_ bus: NotificationBus) {
            bus.addObserver(for: nil) { [weak self] notification in
                if notification.name != .advisoryAvailable { self?.list.withLock { $0.append(notification) } }
            }
        }
        var posted: [BusNotification] { list.withLock { $0 } }
    }

    /// Registers `services` on `bus` as a replay does, with `client` and `credentials` in their context.
    static func host(
        _ services: [any AppService], on bus: NotificationBus, client: any HTTPClient = ScriptedHTTPClient(),
        credentials: Credentials = .placeholders
    ) -> ServiceHost {
        let endpoints = Endpoints(ProviderRegistry.builtIn.endpoints + [ParseEndpoint.endpoint])
        return ServiceHost(
            bus: bus, services: services,
            context: ServiceContext(bus: bus, http: client, credentials: credentials, endpoints: endpoints))
    }

    @Test func advisoryBecomesAPush() {
        let bus = NotificationBus()
        let controller = PushController()
        let host = Self.host([controller], on: bus)
        defer { host.stop() }
        let recorder = Recorder(bus)
        bus.post(.advisoryAvailable, Self.franklinAdvisory)
        #expect(
            recorder.posted == [
                BusNotification(
                    name: .push,
                    userInfo: [
                        "alert": "Weather Advisory for Franklin, LA:  Coastal Flood Advisory", "sound": "alert.caf",
                        "payload":
                            #"{"aps":{"alert":"Weather Advisory for Franklin, LA:  Coastal Flood Advisory","sound":"alert.caf"}}"#,
                    ])
            ])
        #expect(controller.outbox == [PushMessage(alert: "Weather Advisory for Franklin, LA:  Coastal Flood Advisory")])
    }

    @Test func oversizedPayloadIsRejected() {
        let bus = NotificationBus()
        let controller = PushController()
        let host = Self.host([controller], on: bus)
        defer { host.stop() }
        let recorder = Recorder(bus)
        bus.post(.advisoryAvailable, ["location": "Franklin, LA", "name": String(repeating: "A", count: 4100)])
        #expect(recorder.posted.map(\.name) == [.providerError])
        #expect(recorder.posted.first?.userInfo["provider"] == "push")
        #expect(recorder.posted.first?.userInfo["code"] == "payload_too_large")
        #expect(recorder.posted.first?.userInfo["message"] == "APNs payload is 4176 bytes; the limit is 4096")
        #expect(controller.outbox.isEmpty)
    }

    @Test func stopUnregisters() {
        let bus = NotificationBus()
        let controller = PushController()
        Self.host([controller], on: bus).stop()
        bus.post(.advisoryAvailable, Self.franklinAdvisory)
        #expect(controller.outbox.isEmpty)
    }

    @Test func postsToParse() throws {
        let bus = NotificationBus()
        let client = ScriptedHTTPClient([Self.parseURL: .json(#"{"result":true}"#)])
        let host = Self.host(
            [PushController(parse: ParseEndpoint(credentials: .placeholders))], on: bus, client: client)
        defer { host.stop() }
        let recorder = Recorder(bus)
        bus.post(.advisoryAvailable, Self.franklinAdvisory)
        #expect(recorder.posted.map(\.name) == [.push])
        let request = try #require(client.requests.first)
        #expect(client.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.url == Self.parseURL)
    }

    @Test(arguments: [
        (
            ScriptedHTTPClient.Answer.json(#"{"code":115,"error":"Missing the push data."}"#, status: 400), "115",
            "Missing the push data. (HTTP 400)"
        ),
        (.json(#"{"error":"unauthorized"}"#, status: 401), "http_401", "unauthorized (HTTP 401)"),
        (
            .text("<html>Bad Gateway</html>", status: 502, contentType: "text/html"), "http_502",
            "Parse answered HTTP 502 without an error envelope"
        ),
        (
            .text("OK", status: 200, contentType: "text/plain"), "bad_json",
            "Parse answered HTTP 200 with a body that is not JSON"
        ),
        (.failure(.unreachable("api.parse.com: no such host")), "unreachable", "api.parse.com: no such host"),
    ])
    func parseFailuresAreEvents(answer: ScriptedHTTPClient.Answer, code: String, message: String) {
        let bus = NotificationBus()
        let host = Self.host(
            [PushController(parse: ParseEndpoint(credentials: .placeholders))], on: bus,
            client: ScriptedHTTPClient([Self.parseURL: answer]))
        defer { host.stop() }
        let recorder = Recorder(bus)
        bus.post(.advisoryAvailable, Self.franklinAdvisory)
        #expect(recorder.posted.map(\.name) == [.push, .providerError])
        #expect(recorder.posted.last?.userInfo == ["provider": "parse", "code": code, "message": message])
    }

    @Test func restKeyNeverInMessages() {
        let credentials = Credentials(
            declarations: ParseEndpoint.secrets, environment: ["PARSE_REST_API_KEY": "restkey-0123456789"])
        let bus = NotificationBus()
        let answer = ScriptedHTTPClient.Answer.json(#"{"error":"key restkey-0123456789 revoked"}"#, status: 403)
        let host = Self.host(
            [PushController(parse: ParseEndpoint(credentials: credentials))], on: bus,
            client: ScriptedHTTPClient([Self.parseURL: answer]), credentials: credentials)
        defer { host.stop() }
        let recorder = Recorder(bus)
        bus.post(.advisoryAvailable, Self.franklinAdvisory)
        #expect(recorder.posted.last?.userInfo["message"] == "key <PARSE_REST_API_KEY> revoked (HTTP 403)")
    }

    @Test func weatherServiceAndPushTogether() throws {
        let bus = NotificationBus()
        let nwsURL = "https://api.weather.gov/alerts/active?point=29.7966,-91.5016"
        let body = """
            {"type":"FeatureCollection","features":[{"id":"u1","type":"Feature","geometry":null,"properties":{"id":"u1",
            "status":"Actual","messageType":"Alert","severity":"Minor","event":"Coastal Flood Advisory",
            "headline":"Coastal Flood Advisory issued September 11 at 9:02AM CDT until September 11 at 7:00PM CDT by NWS New Orleans LA",
            "description":"* WHAT...Minor coastal flooding.","expires":"2024-09-11T19:00:00-05:00",
            "parameters":{"VTEC":["/O.NEW.KLIX.CF.Y.0021.240911T1402Z-240912T0000Z/"]}}}]}
            """
        let client = ScriptedHTTPClient([nwsURL: .json(body)])
        // The transcript observer registers first, so it sees each event before its consequences.
        let recorder = Recorder(bus)
        let weather = WeatherService(providers: try ProviderRegistry.builtIn.resolve([.nws]))
        let host = Self.host([weather, PushController()], on: bus, client: client)
        defer { host.stop() }
        let franklin = [
            "city": "Franklin", "state": "LA", "country": "United States", "isoCountryCode": "US",
            "latitude": "29.796600", "longitude": "-91.501600",
        ]
        bus.post(.locationAvailable, franklin)
        bus.post(.locationAvailable, franklin)
        #expect(recorder.posted.map(\.name) == [.locationAvailable, .push, .locationAvailable])
        #expect(recorder.posted[1].userInfo["alert"] == "Weather Advisory for Franklin, LA:  Coastal Flood Advisory")
    }
}
