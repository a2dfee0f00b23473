import Foundation
import LocSimCanonicalJSON
import LocSimHTTPRecording
import LocSimReplay
import LocSimSimulation
import LocSimWeather
import Testing

/// Weather services and the push controller behind `LOCATION_AVAILABLE`, in the pipeline.
@Suite struct ReplayRunnerServicesTests {
    static let franklin = GPXFixture.document(
        #"<wpt lat="29.7960" lon="-91.5012"><name>Franklin</name></wpt>"#)

    static let advisory = """
        {"success":true,"error":null,"response":[{"id":"LAZ052-1","details":{"type":"CF.Y",
        "name":"Coastal Flood Advisory","loc":"LAZ052","body":"Minor coastal flooding."},
        "timestamps":{"expiresISO":"2024-01-01T12:00:00-06:00"}}]}
        """

    @Test func anAdvisoryBecomesAPushRightAfterItsPlace() throws {
        let client = ScriptedHTTPClient([("/advisories/", ScriptedHTTPClient.json(Self.advisory))])
        let outcome = try replay(Self.franklin, testConfiguration(providers: [.aeris]), client: client)
        #expect(outcome.events == ["authorization", "location", "LOCATION_AVAILABLE", "ADVISORY_AVAILABLE", "push"])
        #expect(outcome.lines.allSatisfy { $0.t == 0 })
        let push = try #require(outcome.lines(.push).first)
        #expect(push["alert"] == "Weather Advisory for Franklin, LA:  Coastal Flood Advisory")
        #expect(
            push.text.contains(
                #""payload":{"aps":{"alert":"Weather Advisory for Franklin, LA:  Coastal Flood Advisory","sound":"alert.caf"}}"#
            ))
        #expect(client.requests.map(\.url).first?.contains("/advisories/franklin,la,us?") == true)
    }

    @Test func noPushControllerMeansNoPush() throws {
        let client = ScriptedHTTPClient([("/advisories/", ScriptedHTTPClient.json(Self.advisory))])
        var configuration = testConfiguration(providers: [.aeris])
        configuration.services.push = false
        let outcome = try replay(Self.franklin, configuration, client: client)
        #expect(outcome.events.last == "ADVISORY_AVAILABLE")
    }

    @Test func noProvidersMeansNoProviderEvents() throws {
        let client = ScriptedHTTPClient()
        let outcome = try replay(Self.franklin, testConfiguration(providers: []), client: client)
        #expect(outcome.events == ["authorization", "location", "LOCATION_AVAILABLE"])
        #expect(client.requests.isEmpty)
    }

    /// An unanswered request is a `provider_error` with the first line of the report only.
    @Test func anUnansweredRequestIsAProviderErrorAndTheRunGoesOn() throws {
        let gpx = GPXFixture.track(GPXFixture.meridian(count: 2, spacing: 10))
        let outcome = try replay(gpx, testConfiguration(providers: [.aeris]))
        let errors = outcome.lines(.providerError)
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0["code"] == "not_recorded" && $0["provider"] == "aeris" })
        #expect(errors.allSatisfy { $0["message"]?.contains("\n") == false })
        #expect(
            outcome.events == [
                "authorization", "location", "LOCATION_AVAILABLE", "provider_error", "location", "LOCATION_AVAILABLE",
                "provider_error",
            ])
    }
}
