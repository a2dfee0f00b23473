import LocSimAppServices
import LocSimHTTPRecording
import LocSimSimulation
import LocSimTesting
import Testing

@testable import LocSimPush

struct APNsEndpointTests {
    static let credentials = Credentials(
        declarations: APNsEndpoint.secrets,
        environment: ["APNS_DEVICE_TOKEN": "a1b2c3d4e5f60718", "APNS_AUTH_TOKEN": "eyJhbGciOiJFUzI1NiJ9.jwt"])
    static let endpoint = APNsEndpoint(credentials: credentials, topic: "com.example.weatheralert")
    static let url = "https://api.sandbox.push.apple.com/3/device/a1b2c3d4e5f60718"

    @Test func requestHasTheProviderAPIShape() {
        let message = PushMessage(location: "Erie, PA", advisoryName: "Severe Thunderstorm Warning")
        let request = Self.endpoint.request(for: message, collapseID: "urn:oid:A", expiration: 1_714_574_700.9)
        #expect(request.method == "POST")
        #expect(request.url == Self.url)
        #expect(request.header("authorization") == "bearer eyJhbGciOiJFUzI1NiJ9.jwt")
        #expect(request.header("apns-push-type") == "alert")
        #expect(request.header("apns-topic") == "com.example.weatheralert")
        #expect(request.header("apns-priority") == "10")
        #expect(request.header("apns-expiration") == "1714574700")
        #expect(request.header("apns-collapse-id") == "urn:oid:A")
        #expect(String(decoding: request.body, as: UTF8.self) == message.apnsPayloadText)
        let bare = Self.endpoint.request(for: message, collapseID: nil, expiration: nil)
        #expect(bare.header("apns-collapse-id") == nil)
        #expect(bare.header("apns-expiration") == "0")
    }

    @Test func longCollapseIDsKeepTheirLast64Bytes() {
        let id = "urn:oid:2.49.0.1.840.0.a3c1e5f70b2d4968a1c3e5f70b2d4968a1c3e5f7.001.1"
        let fitted = APNsEndpoint.fittedCollapseID(id)
        #expect(fitted.utf8.count == 64)
        #expect(id.hasSuffix(fitted))
        #expect(APNsEndpoint.fittedCollapseID("short") == "short")
    }

    @Test func argumentForms() throws {
        #expect(
            try APNsEndpoint.parse(argument: "apns", credentials: .placeholders, topic: "t").baseURL
                == "https://api.sandbox.push.apple.com")
        #expect(
            try APNsEndpoint.parse(argument: "apns=http://127.0.0.1:9/", credentials: .placeholders, topic: "t").baseURL
                == "http://127.0.0.1:9")
        #expect(throws: PushEndpointError.self) {
            try APNsEndpoint.parse(argument: "fcm", credentials: .placeholders, topic: "t")
        }
    }

    @Test(arguments: [
        (#"{"reason":"BadDeviceToken"}"#, 400, "BadDeviceToken"),
        (#"{"reason":"Unregistered","timestamp":1715691600000}"#, 410, "Unregistered"),
        (#"{"reason":"TooManyRequests"}"#, 429, "TooManyRequests"),
        ("<html>503</html>", 503, "http_503"),
    ])
    func refusalsBecomeProviderErrors(body: String, status: Int, code: String) {
        let bus = NotificationBus()
        let client = ScriptedHTTPClient([Self.url: .json(body, status: status)])
        let controller = PushController(apns: Self.endpoint)
        let host = ServiceHost(
            bus: bus, services: [controller],
            context: ServiceContext(bus: bus, http: client, credentials: Self.credentials))
        defer { host.stop() }
        let recorder = PushControllerTests.Recorder(bus)
        bus.post(.advisoryAvailable, ["location": "Erie, PA", "name": "Flood Advisory", "id": "urn:oid:F"])
        #expect(recorder.posted.map(\.name) == [.push, .providerError])
        #expect(recorder.posted.last?.userInfo["provider"] == "apns")
        #expect(recorder.posted.last?.userInfo["code"] == code)
        #expect(recorder.posted.last?.userInfo["message"]?.contains("a1b2c3d4e5f60718") == false)
    }

    /// An `ADVISORY_UPDATED` is pushed collapsing on the alert it updates, so it replaces the
    /// first notification on the device.
    @Test func anUpdateCollapsesOnTheAlertItUpdates() {
        let bus = NotificationBus()
        let client = ScriptedHTTPClient([Self.url: .json("", status: 200)])
        let controller = PushController(apns: Self.endpoint)
        let host = ServiceHost(
            bus: bus, services: [controller],
            context: ServiceContext(bus: bus, http: client, credentials: Self.credentials))
        defer { host.stop() }
        bus.post(
            .advisoryAvailable,
            [
                "location": "Erie, PA", "name": "Severe Thunderstorm Warning", "id": "A",
                "expires": "2024-05-01T10:45:00-04:00",
            ])
        bus.post(
            .advisoryUpdated,
            ["location": "Erie, PA", "name": "Severe Thunderstorm Warning", "id": "B", "updates": "A"])
        bus.post(
            .advisoryCancelled,
            ["location": "Erie, PA", "name": "Severe Thunderstorm Warning", "id": "C", "cancels": "A"])
        #expect(client.requests.map { $0.header("apns-collapse-id") } == ["A", "A"])
        #expect(client.requests.first?.header("apns-expiration") == "1714574700")
        #expect(controller.outbox.count == 2)
    }
}
