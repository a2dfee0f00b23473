import LocSimCanonicalJSON
import LocSimSimulation
import Testing

@Suite struct TranscriptTests {
    let text = """
        {"event":"authorization","name":"always","status":3,"t":0.000}
        {"event":"location","horizontalAccuracy":1000,"latitude":29.796500,"longitude":-91.501000,"t":0.000}
        {"city":"Franklin","country":"United States","event":"LOCATION_AVAILABLE","state":"LA","t":0.000}
        {"alert":"Weather Advisory for Franklin, LA:  Coastal Flood Advisory","event":"push","payload":{"aps":{"sound":"alert.caf"}},"sound":"alert.caf","t":0.000}

        """

    @Test func parsesLinesAndFiltersByEvent() throws {
        let transcript = try Transcript(parsing: text)
        #expect(transcript.text == text)
        #expect(transcript.eventNames == ["authorization", "location", "LOCATION_AVAILABLE", "push"])
        let pushes = transcript.events(named: .push)
        #expect(pushes.count == 1)
        #expect(pushes[0].line == 4)
        #expect(pushes[0].string("alert") == "Weather Advisory for Franklin, LA:  Coastal Flood Advisory")
        #expect(pushes[0]["payload"]?["aps"]?["sound"] == .string("alert.caf"))
        let location = try #require(transcript.events(named: "location").first)
        #expect(location.double("latitude") == 29.7965)
        #expect(location.double("city") == nil)
        #expect(location.t == 0)
        #expect(transcript.events(named: "LOCATION_AVAILABLE").first?.string("state") == "LA")
        #expect(transcript.events(named: "no_advisory").isEmpty)
    }

    @Test func acceptsEmptyAndUnterminatedTranscripts() throws {
        #expect(try Transcript(parsing: "").entries.isEmpty)
        #expect(try Transcript(parsing: #"{"event":"a","t":0.000}"#).eventNames == ["a"])
    }

    @Test(arguments: [
        ("{\"event\":\"a\"}\n{\"event\":\n", "2:10: unexpected end of input"),
        ("{\"event\":\"a\"}\n\n", "2:1: unexpected end of input"),
        ("[1]\n", "1:1: a transcript line must be a JSON object"),
        ("{\"t\":1}\n", "1:1: missing string member 'event'"),
    ])
    func reportsTheBadLine(text: String, message: String) throws {
        let error = try #require(throws: TranscriptError.self) { try Transcript(parsing: text) }
        #expect(error.description == message)
    }

    @Test func buildsFromTranscriptLines() throws {
        let lines = [
            TranscriptLine(t: 0, notification: BusNotification(name: .authorization, userInfo: ["status": "3"])),
            TranscriptLine(t: 1.5, notification: BusNotification(name: .noAdvisory, userInfo: ["provider": "aeris"])),
        ]
        let transcript = Transcript(lines: lines)
        #expect(
            transcript.text
                == #"{"event":"authorization","status":3,"t":0.000}"# + "\n"
                + #"{"event":"no_advisory","provider":"aeris","t":1.500}"# + "\n")
        #expect(try Transcript(parsing: transcript.text) == transcript)
    }
}
