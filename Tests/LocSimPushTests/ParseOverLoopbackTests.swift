import LocSimAppServices
import LocSimHTTPRecording
import LocSimLiveHTTP
import LocSimSimulation
import LocSimSupport
import LocSimTesting
import Testing

@testable import LocSimPush

/// The Parse REST POST over real HTTP against a server on 127.0.0.1 (`--push-endpoint parse=URL`).
struct ParseOverLoopbackTests {
    @Test func postsTheRESTBodyWithKeys() throws {
        let server = try LoopbackHTTPServer(replies: [
            .init(
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"result":true}"#.utf8)))
        ])
        defer { server.stop() }
        let credentials = Credentials(
            declarations: ParseEndpoint.secrets,
            environment: [
                "PARSE_APPLICATION_ID": "loopback-app", "PARSE_REST_API_KEY": "loopback-rest",
            ])
        let endpoint = try ParseEndpoint.parse(argument: "parse=\(server.baseURL)/parse", credentials: credentials)
        let bus = NotificationBus()
        let recorder = BusRecorderForPush(bus)
        let host = ServiceHost(
            bus: bus, services: [PushController(parse: endpoint)],
            context: ServiceContext(bus: bus, http: LiveHTTPClient(), credentials: credentials))
        defer { host.stop() }
        bus.post(.advisoryAvailable, ["location": "Franklin, LA", "name": "Coastal Flood Advisory"])
        #expect(recorder.names == [.advisoryAvailable, .push])
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.url == server.baseURL + "/parse/push")
        #expect(request.header("X-Parse-Application-Id") == "loopback-app")
        #expect(request.header("X-Parse-REST-API-Key") == "loopback-rest")
        #expect(
            String(decoding: request.body, as: UTF8.self)
                == #"{"data":{"alert":"Weather Advisory for Franklin, LA:  Coastal Flood Advisory","sound":"alert.caf"},"where":{"deviceType":"ios"}}"#
        )
    }

    @Test func unreachableParseIsAnEvent() throws {
        let port = try LoopbackHTTPServer.closedPort()
        let bus = NotificationBus()
        let endpoint = try ParseEndpoint.parse(argument: "parse=http://127.0.0.1:\(port)", credentials: .placeholders)
        let recorder = BusRecorderForPush(bus)
        let host = ServiceHost(
            bus: bus, services: [PushController(parse: endpoint)],
            context: ServiceContext(bus: bus, http: LiveHTTPClient(timeout: .seconds(5))))
        defer { host.stop() }
        bus.post(.advisoryAvailable, ["location": "Franklin, LA", "name": "Coastal Flood Advisory"])
        #expect(recorder.names == [.advisoryAvailable, .push, .providerError])
        #expect(recorder.last?.userInfo["provider"] == "parse")
        #expect(recorder.last?.userInfo["code"] == "unreachable")
    }
}

/// Records every notification on a bus, in order.
final class BusRecorderForPush: Sendable {
    // Guards the list.
    private let list = Locked<[BusNotification]>([])
    init(_ bus: NotificationBus) {
        bus.addObserver(for: nil) { [weak self] notification in self?.list.withLock { $0.append(notification) } }
    }
    var names: [NotificationName] { list.withLock { $0.map(\.name) } }
    var last: BusNotification? { list.withLock { $0.last } }
}
