import LocSimAppServices
import LocSimHTTPRecording
import LocSimSimulation
import LocSimTesting
import Testing

@testable import LocSimWeather

/// The CAP lifecycle of the weather service (`--advisory-lifecycle cap`) against NWS answers.
struct AlertLifecycleTests {
    static func feature(
        _ id: String, _ type: String, event: String = "Severe Thunderstorm Warning", references: [String] = [],
        expires: String = "2024-05-01T10:45:00-04:00", severity: String = "Severe", urgency: String = "Immediate"
    ) -> String {
        let refs = references.map { #"{"identifier":"\#($0)","sent":"2024-05-01T09:55:00-04:00"}"# }
        return #"""
            {"id":"https://api.weather.gov/alerts/\#(id)","geometry":null,"properties":{"id":"\#(id)","status":"Actual",
             "messageType":"\#(type)","references":[\#(refs.joined(separator: ","))],"event":"\#(event)",
             "severity":"\#(severity)","urgency":"\#(urgency)","certainty":"Observed","senderName":"NWS Cleveland OH",
             "effective":"2024-05-01T09:55:00-04:00","onset":"2024-05-01T09:55:00-04:00","expires":"\#(expires)",
             "ends":"\#(expires)","affectedZones":["https://api.weather.gov/zones/forecast/PAZ001"],"headline":"\#(event)"}}
            """#
    }

    static func collection(_ features: String...) -> ScriptedHTTPClient.Answer {
        .json(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#)
    }

    static func place(_ index: Int) -> [String: String] {
        [
            "city": "Erie", "state": "PA", "country": "United States", "isoCountryCode": "US",
            "latitude": "42.1\(index)", "longitude": "-80.05",
        ]
    }

    static func url(_ index: Int) -> String { "https://api.weather.gov/alerts/active?point=42.1\(index),-80.05" }

    /// Runs the service over `answers` (one fix each) with the first fix at `timestamp`.
    func run(
        _ answers: [ScriptedHTTPClient.Answer], lifecycle: AdvisoryLifecycle = .cap,
        selection: AdvisorySelection = .last, timestamp: String? = "2024-05-01T14:00:00Z"
    ) throws -> [BusNotification] {
        let bus = NotificationBus()
        var script: [String: ScriptedHTTPClient.Answer] = [:]
        for (index, answer) in answers.enumerated() { script[Self.url(index + 1)] = answer }
        let registry = ProviderRegistry.builtIn
        let service = WeatherService(
            providers: try registry.resolve([.nws]), selection: selection, lifecycle: lifecycle)
        let context = ServiceContext(
            bus: bus, http: ScriptedHTTPClient(script), endpoints: Endpoints(registry.endpoints))
        let host = ServiceHost(bus: bus, services: [service], context: context)
        defer { host.stop() }
        let recorder = BusRecorder(bus)
        for index in answers.indices {
            var fix = ["latitude": "42.1", "longitude": "-80.05", "horizontalAccuracy": "10"]
            if let timestamp { fix["timestamp"] = timestamp }
            bus.post(.location, fix)
            bus.post(.locationAvailable, Self.place(index + 1))
        }
        return recorder.posted.filter { $0.name != .location }
    }

    @Test func anUpdateOfAPostedAlertIsAnUpdateAndACancelIsReportedOnce() throws {
        let posted = try run([
            Self.collection(Self.feature("A", "Alert")),
            Self.collection(Self.feature("B", "Update", references: ["A"])),
            Self.collection(Self.feature("C", "Cancel", references: ["B", "A"])),
            Self.collection(Self.feature("C", "Cancel", references: ["B", "A"])),
            Self.collection(Self.feature("B", "Update", references: ["A"])),
        ])
        #expect(
            posted.map(\.name) == [
                .advisoryAvailable, .advisoryUpdated, .advisoryCancelled, .noAdvisory, .noAdvisory,
            ])
        #expect(posted[0].userInfo["id"] == "A")
        #expect(posted[0].userInfo["messageType"] == "Alert")
        #expect(posted[0].userInfo["urgency"] == "Immediate")
        #expect(posted[0].userInfo["certainty"] == "Observed")
        #expect(posted[0].userInfo["senderName"] == "NWS Cleveland OH")
        #expect(posted[0].userInfo["effective"] == "2024-05-01T09:55:00-04:00")
        #expect(posted[0].userInfo["onset"] == "2024-05-01T09:55:00-04:00")
        #expect(posted[0].userInfo["ends"] == "2024-05-01T10:45:00-04:00")
        #expect(posted[0].userInfo["affectedZones"] == "1")
        #expect(posted[1].userInfo["id"] == "B")
        #expect(posted[1].userInfo["updates"] == "A")
        #expect(posted[2].userInfo["id"] == "C")
        #expect(posted[2].userInfo["cancels"] == "A")
    }

    @Test func anUpdateOfAnAlertNeverPostedIsNew() throws {
        let posted = try run([Self.collection(Self.feature("B", "Update", references: ["elsewhere"]))])
        #expect(posted.map(\.name) == [.advisoryAvailable])
        #expect(posted.first?.userInfo["updates"] == nil)
    }

    @Test func alertsPastTheirTimeOnTheVirtualClockAreNotPosted() throws {
        let stale = Self.feature("F", "Alert", event: "Frost Advisory", expires: "2024-05-01T09:00:00-04:00")
        let posted = try run([Self.collection(stale), Self.collection(stale, Self.feature("A", "Alert"))])
        #expect(posted.map(\.name) == [.noAdvisory, .advisoryAvailable])
        #expect(posted[0].userInfo["reason"] == "expired")
        #expect(posted[1].userInfo["name"] == "Severe Thunderstorm Warning")
        // An untimed track has no clock to compare with: the advisory is posted.
        #expect(try run([Self.collection(stale)], timestamp: nil).map(\.name) == [.advisoryAvailable])
    }

    @Test func theSeedModeDropsCancelsAndPostsNoCAPFields() throws {
        let posted = try run(
            [
                Self.collection(Self.feature("A", "Alert", expires: "2020-01-01T00:00:00Z")),
                Self.collection(Self.feature("C", "Cancel", references: ["A"])),
            ], lifecycle: .seed)
        #expect(posted.map(\.name) == [.advisoryAvailable, .noAdvisory])
        #expect(posted[0].userInfo["urgency"] == nil)
        #expect(posted[0].userInfo["messageType"] == nil)
        #expect(posted[0].userInfo["severity"] == "Severe")
    }

    /// CAP alerts rank by severity, then urgency; a severity CAP does not define ranks lowest.
    @Test func mostSevereRanksCAPBySeverityThenUrgency() throws {
        let posted = try run(
            [
                Self.collection(
                    Self.feature("W", "Alert", event: "Flood Warning", severity: "Severe", urgency: "Expected"),
                    Self.feature(
                        "S", "Alert", event: "Special Weather Statement", severity: "Severe", urgency: "Immediate"),
                    Self.feature("X", "Alert", event: "Future Thing", severity: "Apocalyptic", urgency: "Immediate"),
                    Self.feature("M", "Alert", event: "Flood Advisory", severity: "Moderate", urgency: "Immediate"))
            ], selection: .mostSevere)
        #expect(posted.map { $0.userInfo["id"] } == ["S"])
    }
}
