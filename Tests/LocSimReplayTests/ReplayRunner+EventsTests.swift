import LocSimHTTPRecording
import LocSimLocationCore
import LocSimReplay
import LocSimSimulation
import LocSimWeather
import Testing

/// Scripted events reach the built-in app: a denial mid-drive is a `location_error` and the
/// weather service asks nothing after it.
@Suite struct ReplayRunnerEventsTests {
    static let advisory = """
        {"success":true,"error":null,"response":[{"id":"LAZ052-1","details":{"type":"CF.Y",
        "name":"Coastal Flood Advisory","loc":"LAZ052","body":"Minor coastal flooding."},
        "timestamps":{"expiresISO":"2024-01-01T12:00:00-06:00"}}]}
        """

    @Test func aDenialMidDriveIsALocationErrorAndTheWeatherServiceStopsAsking() throws {
        let client = ScriptedHTTPClient([("/advisories/", ScriptedHTTPClient.json(Self.advisory))])
        var configuration = testConfiguration(providers: [.aeris])
        configuration.events = [DriveEvent(t: 4.5, kind: .authorizationChanged(.denied))]
        let gpx = GPXFixture.track(GPXFixture.meridian(count: 10, spacing: 10))
        let outcome = try replay(gpx, configuration, client: client)
        #expect(outcome.lines(.locationAvailable).map(\.t) == [0, 1, 2, 3, 4])
        #expect(client.requests.count == 5)
        let after = outcome.lines.filter { $0.t > 4 }
        #expect(after.map(\.notification.name) == [.authorization, .locationError])
        #expect(after.first?["name"] == "denied")
        #expect(after.last?["code"] == "1")
    }

    @Test func theBuiltInAppHearsTheBackgroundMoveOnTheBus() throws {
        var configuration = testConfiguration()
        configuration.engine.authorization = .authorizedWhenInUse
        configuration.events = [DriveEvent(t: 2, kind: .background), DriveEvent(t: 6, kind: .foreground)]
        let outcome = try replay(GPXFixture.track(GPXFixture.meridian(count: 10, spacing: 10)), configuration)
        #expect(outcome.lines(.location).map(\.t) == [0, 1, 6, 7, 8, 9])
        #expect(
            outcome.lines(.applicationState).map { "\($0.t) \($0["state"] ?? "")" } == ["2.0 background", "6.0 active"])
    }
}
