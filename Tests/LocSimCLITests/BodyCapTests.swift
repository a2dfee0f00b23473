import Foundation
import LocSimCLI
import Testing

/// `--max-body-mib` caps cassette bodies (and live ones, `LiveHTTPClientTests`).
@Suite struct BodyCapTests {
    @Test func aCassetteBodyBeyondTheCapIsADataErrorNamingIt() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try fixture.write(CLIFixture.track(count: 2, spacing: 10), to: "t.gpx")
        let body = String(repeating: "y", count: 1_572_864)
        try fixture.write(
            #"{"version":1,"interactions":[{"request":{"method":"GET","url":"https://x.test/a"},"#
                + #""response":{"status":200,"body":"\#(body)","bodyEncoding":"text"}}]}"#,
            to: "c.json")
        let capped = fixture.run(["replay", "t.gpx", "--cassette", "c.json", "--max-body-mib", "1"])
        #expect(capped.status == .dataError)
        #expect(
            capped.stderr == "c.json: error: interactions[0].response.body: 1.5 MiB is larger than the 1 MiB body cap\n"
        )
        let fits = fixture.run(["replay", "t.gpx", "--cassette", "c.json", "--format", "jsonl"])
        #expect(fits.status == .success)
        let bad = fixture.run(["replay", "t.gpx", "--max-body-mib", "0"])
        #expect(bad.status == .usage)
        #expect(bad.stderr.hasPrefix("Error: The value '0' is invalid for '--max-body-mib <n>'."))
    }
}
