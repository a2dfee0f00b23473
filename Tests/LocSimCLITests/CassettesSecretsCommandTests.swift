import Foundation
import LocSimCLI
import LocSimHTTPRecording
import Testing

/// Secrets through `locsim cassettes import` and `export`: every output redacted alike, and an
/// import that no reader could read back never written (issue 34, items 6, 10 and 12).
@Suite struct CassettesSecretsCommandTests {
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-sec-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func har(url: String, headers: String = "", status: Int = 200) -> String {
        """
        {"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":[
          {"startedDateTime":"2024-05-01T17:03:11Z","request":{"method":"GET","url":"\(url)","headers":[\(headers)]},
           "response":{"status":\(status),"headers":[],"content":{"size":2,"mimeType":"text/plain","text":"ok"}}}]}}
        """
    }

    @Test func exportToAFileRedactsAnEnvironmentSecretAsStandardOutputDoes() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A hand-edited cassette holding the live key in a note of its body.
        let cassette = Cassette(interactions: [
            HTTPInteraction(
                request: HTTPRequest(url: "https://api.aerisapi.com/x?client_id=<AERIS_CLIENT_ID>"),
                response: HTTPResponse(
                    status: 200, headers: ["Content-Type": "text/plain"], body: Array("key aerisLiveClientId01".utf8)),
                recordedAt: "")
        ])
        try Data(cassette.text().utf8).write(to: URL(fileURLWithPath: directory + "/c.json"))
        let environment = ["AERIS_CLIENT_ID": "aerisLiveClientId01"]
        let stdout = CLIRun(["cassettes", "export", "c.json", "--to", "har"], in: directory, environment: environment)
        #expect(stdout.status == .success)
        #expect(!stdout.stdout.contains("aerisLiveClientId01"))
        let file = CLIRun(
            ["cassettes", "export", "c.json", "--to", "har", "-o", "c.har"], in: directory, environment: environment)
        #expect(file.status == .success, "\(file.stderr)")
        let written = try String(contentsOfFile: directory + "/c.har", encoding: .utf8)
        #expect(!written.contains("aerisLiveClientId01"))
        #expect(written == stdout.stdout)
    }

    @Test func anImportWithALineBreakInAHeaderNeverReplacesAGoodCassette() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let good = Cassette(interactions: [
            HTTPInteraction(
                request: HTTPRequest(url: "https://api.weather.gov/alerts"),
                response: HTTPResponse(status: 200, headers: [:], body: Array("{}".utf8)), recordedAt: "")
        ]).text()
        try Data(good.utf8).write(to: URL(fileURLWithPath: directory + "/c.json"))
        for header in [
            #"{"name":"X-A","value":"v\r\nInjected: 1"}"#, #"{"name":"X\nB","value":"v"}"#,
            #"{"name":"X-C","value":"v\u0000"}"#,
        ] {
            try Data(Self.har(url: "https://api.weather.gov/alerts", headers: header).utf8).write(
                to: URL(fileURLWithPath: directory + "/bad.har"))
            let run = CLIRun(
                ["cassettes", "import", "bad.har", "-o", "c.json", "--all-hosts", "--force"], in: directory)
            #expect(run.status == .dataError)
            #expect(run.stderr.contains("log.entries[0].request.headers[0]"), "\(run.stderr)")
            #expect(try String(contentsOfFile: directory + "/c.json", encoding: .utf8) == good)
        }
    }

    @Test func theImportReportShowsNoUserInfoOrFragmentToken() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(
            Self.har(url: "https://u:PW-s3cr3t-99@api.example.com/cb#access_token=at-8d7f6e5c4b", status: 0).utf8
        ).write(to: URL(fileURLWithPath: directory + "/c.har"))
        let run = CLIRun(["cassettes", "import", "c.har", "-o", "c.json", "--all-hosts"], in: directory)
        #expect(run.status == .success, "\(run.stderr)")
        #expect(run.stdout.contains("skipped 1 entry"))
        #expect(!run.stdout.contains("PW-s3cr3t-99") && !run.stdout.contains("at-8d7f6e5c4b"), "\(run.stdout)")
    }
}
