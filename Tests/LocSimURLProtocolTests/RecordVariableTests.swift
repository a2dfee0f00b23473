import Foundation
import LocSimHTTPRecording
import LocSimURLProtocol
import Testing

/// `LOCSIM_RECORD` and `LOCSIM_CONNECT_TO` take their exact spellings only: anything else fails
/// the session's creation (the one-liner throws) naming the variable, the value and what is
/// accepted, instead of quietly replaying (issue 35: `ONCE` and `new_episodes` meant "replay only").
@Suite struct RecordVariableTests {
    @Test(arguments: ["ONCE", "new_episodes", "", " once", "once ", "New-Episodes", "record"])
    func anUnknownRecordModeIsAnError(value: String) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let cassette = try fixture.write(Cassette(), to: "c.json")
        for environment in [["LOCSIM_RECORD": value], ["LOCSIM_RECORD": value, "CI": "true"]] {
            #expect {
                _ = try LocSimCassetteSession(cassette: cassette, environment: environment)
            } throws: { error in
                let text = "\(error)"
                return text.contains("LOCSIM_RECORD='\(value)' is not a record mode")
                    && text.contains("use one of none, once, new-episodes, all")
            }
        }
    }

    @Test func aNearSpellingIsNamed() throws {
        #expect(
            throws: RecordingError.configuration(
                "LOCSIM_RECORD='new_episodes' is not a record mode (did you mean 'new-episodes'?); use one of none, "
                    + "once, new-episodes, all (exactly so: lower case, no spaces), or unset LOCSIM_RECORD to replay"
            )
        ) {
            _ = try RecordMode.named(by: "LOCSIM_RECORD", in: ["LOCSIM_RECORD": "new_episodes"])
        }
        #expect(try RecordMode.named(by: "LOCSIM_RECORD", in: [:]) == nil)
        #expect(try RecordMode.named(by: "LOCSIM_RECORD", in: ["LOCSIM_RECORD": "new-episodes"]) == .newEpisodes)
    }

    @Test(arguments: [
        ("", "LOCSIM_CONNECT_TO is set but empty"),
        ("api.weather.gov = 127.0.0.1:8765", "'api.weather.gov = 127.0.0.1:8765' is not host=addr:port"),
        ("api.weather.gov=127.0.0.1:8765,", "an empty entry is not host=addr:port"),
        (" api.weather.gov=127.0.0.1:8765", "' api.weather.gov=127.0.0.1:8765' is not host=addr:port"),
        ("api.weather.gov=127.0.0.1", "'api.weather.gov=127.0.0.1' is not host=addr:port"),
    ])
    func aMalformedConnectToIsAnError(value: String, problem: String) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let cassette = try fixture.write(Cassette(), to: "c.json")
        #expect {
            _ = try LocSimCassetteSession(
                cassette: cassette, environment: ["LOCSIM_RECORD": "new-episodes", "LOCSIM_CONNECT_TO": value])
        } throws: { error in
            let text = "\(error)"
            return text.contains(problem) && text.contains("host=addr:port[,host=addr:port…], no spaces")
                && (value.isEmpty || text.contains("LOCSIM_CONNECT_TO='\(value)'"))
        }
    }

    /// The one-liner itself (`LocSimURLSession.replaying(cassette:)`, reading the process's
    /// environment) throws: the test fails at that line, before any request.
    @Test func theOneLinerThrowsOnAnUnknownMode() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let cassette = try fixture.write(Cassette(), to: "c.json")
        let run = try OneLinerRecordingTests.runProbe(
            cassette: cassette, url: "http://127.0.0.1:9/alerts", environment: ["LOCSIM_RECORD": "ONCE"], in: fixture)
        #expect(run.status == 2)
        #expect(
            run.stderr.contains("LOCSIM_RECORD='ONCE' is not a record mode (did you mean 'once'?)"), "\(run.stderr)")
    }
}
