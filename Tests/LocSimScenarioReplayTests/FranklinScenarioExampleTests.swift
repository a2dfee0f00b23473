import LocSimScenarioHarness
import LocSimScenarioReplay
import LocSimSimulation
import LocSimTesting
import Testing

/// The library face, as a user's own test suite would use it: load a scenario from the
/// repository's `Recordings/`, run it offline from its cassette, and assert on the transcript.
@Suite struct FranklinScenarioExampleTests {
    @Test func franklinEndsWithTheCoastalFloodAdvisoryPush() throws {
        let recordings = RepositoryFixture.recordings
        let scenario = try Scenario.load(named: "franklin-la", in: recordings)
        let transcript = try scenario.run()

        let pushes = transcript.events(named: "push")
        #expect(pushes.count == 1)
        #expect(pushes.first?.string("alert") == "Weather Advisory for Franklin, LA:  Coastal Flood Advisory")
        #expect(pushes.first?.string("sound") == "alert.caf")
        #expect(transcript.events(named: .locationAvailable).map { $0.string("city") } == ["Franklin"])
        #expect(transcript.events(named: "ADVISORY_AVAILABLE").first?.string("type") == "CF.Y")
        #expect(transcript.eventNames.last == "push")
        #expect(transcript.text == (try scenario.expectedText()))
    }

    @Test func deniedAuthorizationDeliversNothing() throws {
        let transcript = try Scenario.load(named: "authorization-denied", in: RepositoryFixture.recordings).run()
        #expect(transcript.eventNames == ["authorization", "location_error"])
        #expect(transcript.entries[0].double("status") == 2)
        #expect(transcript.entries[1].double("code") == 1)
    }
}
