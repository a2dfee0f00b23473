import Foundation
import LocSimHTTPRecording
import Testing

@testable import LocSimCLI

/// issue 34 item 11: what `cassettes export` writes, `cassettes import` reads. A 53 MB cassette
/// exported to a 137.6 MiB HAR that import refused (its cap was the 128 MiB cassette cap); the
/// HAR cap is now ``HARReader/maxExpansion`` times the cassette cap, and export refuses, writing
/// nothing, a HAR over it.
@Suite struct HARRoundTripAtTheCapTests {
    /// A cassette of two interactions with binary bodies of `count` bytes (base64 in the file).
    static func cassette(bodyBytes count: Int) -> Cassette {
        Cassette(
            interactions: (0..<2).map { index in
                HTTPInteraction(
                    request: HTTPRequest(url: "https://bench.locsim-test.invalid/\(index)"),
                    response: HTTPResponse(
                        status: 200, headers: ["Content-Type": "application/octet-stream"],
                        body: [UInt8](repeating: 0, count: count)),
                    recordedAt: "2024-06-01T00:00:0\(index)Z")
            })
    }

    /// A cassette a few bytes under the cassette cap (128 MiB) exports to a HAR over it (HAR
    /// spells out more per entry), and the HAR imports back into the same cassette: before, import
    /// refused it (`the file is 128.0 MiB, larger than the 128 MiB cassette cap`).
    @Test func aCassetteAtTheCapRoundTripsThroughAHAR() throws {
        let directory = try CassettesHARCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Each 3 body bytes are 4 base64 characters: the largest bodies that keep the file under the cap.
        let overhead = Self.cassette(bodyBytes: 3).text().utf8.count - 8
        let count = (CassetteStore.maxFileBytes - overhead) / 8 * 3
        let text = Self.cassette(bodyBytes: count).text()
        #expect(text.utf8.count <= CassetteStore.maxFileBytes && text.utf8.count > CassetteStore.maxFileBytes - 16)
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/big.json"))
        let exported = CLIRun(["cassettes", "export", "big.json", "--to", "har", "-o", "big.har"], in: directory)
        #expect(exported.status == .success, "\(exported.stderr)")
        let harSize = try #require(
            FileManager.default.attributesOfItem(atPath: directory + "/big.har")[.size] as? Int)
        #expect(harSize > CassetteStore.maxFileBytes, "the HAR (\(harSize) bytes) is over the cassette cap")
        let imported = CLIRun(["cassettes", "import", "big.har", "--all-hosts", "-o", "back.json"], in: directory)
        #expect(imported.status == .success, "\(imported.stderr)")
        // Byte for byte: the file is the cassette's own text, and what import writes is that text.
        #expect(FileManager.default.contents(atPath: directory + "/back.json") == Data(text.utf8))
    }

    /// The HAR of a cassette at its cap, of the shape that grows most in a HAR (requests without
    /// bodies, a few headers and query parameters), is under the HAR cap: HAR text is the sum of
    /// its entries', so the ratio measured on a thousand interactions holds at the cap.
    @Test func theHARCapHoldsTheHAROfACassetteAtItsCap() {
        let interactions = (0..<1000).map { index in
            HTTPInteraction(
                request: HTTPRequest(
                    method: "GET", url: "https://api.weather.gov/alerts/active?point=29.79,-91.50&limit=\(index)",
                    headers: ["Accept": "application/geo+json", "User-Agent": "<NWS_USER_AGENT>"]),
                response: HTTPResponse(status: 304, headers: ["Cache-Control": "max-age=60"], body: []),
                recordedAt: "2024-06-01T00:00:00Z")
        }
        let cassette = Cassette(interactions: interactions)
        let cassetteBytes = cassette.text().utf8.count
        let harBytes = HARWriter.text(cassette, creatorVersion: "1.0.0").utf8.count
        let atTheCap = Double(harBytes) / Double(cassetteBytes) * Double(CassetteStore.maxFileBytes)
        #expect(
            atTheCap <= Double(HARReader.maxFileBytes(forBodyCap: Cassette.defaultMaxBodyBytes)),
            "HAR/cassette = \(Double(harBytes) / Double(cassetteBytes))")
    }

    /// A HAR over the HAR cap is refused before anything is written (file or standard output).
    @Test func exportRefusesAHAROverTheCap() throws {
        let refusal = try #require(
            CassettesExportCommand.refusal(size: 600 << 20, cap: 512 << 20, shown: "Recordings/x/cassette.json"))
        #expect(refusal.exitCode == .dataError)
        #expect(
            refusal.message.rendered
                == "Recordings/x/cassette.json: error: its HAR would be 600 MiB, larger than the 512 MiB HAR cap "
                + "of 'cassettes import' (4 times the cassette cap); nothing was written. Split the cassette, or "
                + "export fewer interactions")
        #expect(CassettesExportCommand.refusal(size: 512 << 20, cap: 512 << 20, shown: "x") == nil)
    }
}
