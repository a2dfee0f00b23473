import Foundation
import LocSimCLI
import LocSimHTTPRecording
import Testing

/// issue 24 item 2: `cassettes status` called a cassette clean while it held a key echoed back
/// double-percent-encoded. It now runs the recorder's own leak check with the keys set in the
/// environment, in every spelling the one recogniser knows.
@Suite struct CassettesStatusLeakTests {
    static let secret = "aerisSEC/QQx2+b7=z&k"

    @Test func aDoublyEncodedKeyInAResponseHeaderIsAProblem() throws {
        let root = try CassettesStatusCommandTests.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/Recordings/franklin-la/cassette.json"
        var cassette = try CassetteStore.load(path)
        cassette.interactions.append(
            HTTPInteraction(
                request: HTTPRequest(url: "https://api.aerisapi.com/advisories/echo,la,us"),
                response: HTTPResponse(status: 200, headers: ["X-Echo": "aerisSEC%252FQQx2%252Bb7%253Dz%2526k"]),
                recordedAt: "2023-01-01T00:00:00Z"))
        try Data(cassette.text().utf8).write(to: URL(fileURLWithPath: path))
        let run = CassettesStatusCommandTests.run(
            ["cassettes", "status", "--check", "Recordings/franklin-la"], in: root,
            environment: ["AERIS_CLIENT_SECRET": Self.secret])
        #expect(run.status == .failure)
        #expect(
            run.stdout.contains(
                "  secret value: the value of AERIS_CLIENT_SECRET appears percent-encoded (2 layers) at interactions[2]."
            ), "\(run.stdout)")
        #expect(!run.stdout.contains(Self.secret))
    }
}
