import Foundation
import LocSimHTTPRecording
import LocSimURLProtocol
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A HAR capture (here in mattt/Replay's fixture shape) drives the user's own `URLSession` code
/// through `LocSimURLSession.replaying(cassette:)`, without conversion.
@Suite struct HARThroughProtocolTests {
    static let har = """
        {"log":{"version":"1.2","creator":{"name":"Replay","version":"1.0"},"entries":[
          {"startedDateTime":"2024-01-15T10:31:00.000Z","time":200,
           "request":{"method":"GET","url":"https://api.weather.gov/alerts/active?area=LA","httpVersion":"HTTP/1.1",
             "cookies":[],"headers":[],"queryString":[],"headersSize":-1,"bodySize":0},
           "response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","cookies":[],
             "headers":[{"name":"Content-Type","value":"application/geo+json"}],
             "content":{"size":29,"mimeType":"application/geo+json","text":"{\\"features\\":[],\\"title\\":\\"LA\\"}"},
             "redirectURL":"","headersSize":-1,"bodySize":29},
           "cache":{},"timings":{"send":0,"wait":200,"receive":0}}]}}
        """

    @Test func aHARReplaysThroughTheURLProtocol() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-har-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("alerts.har")
        try Data(Self.har.utf8).write(to: file)
        let session = try LocSimURLSession.replaying(cassette: file)
        defer { session.invalidateAndCancel() }
        let url = URL(string: "https://api.weather.gov/alerts/active?area=LA")!
        let (data, response) = try await session.data(from: url)
        #expect(String(decoding: data, as: UTF8.self) == #"{"features":[],"title":"LA"}"#)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "application/geo+json")
    }

    /// A miss in a HAR says to import it first: `LOCSIM_RECORD` refuses to record into a HAR, so
    /// the report's plain "LOCSIM_RECORD=new-episodes swift test (records into alerts.har)" was
    /// a command that fails.
    @Test func aMissInAHARSaysToImportItBeforeRecording() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-har-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("alerts.har")
        try Data(Self.har.utf8).write(to: file)
        let player = try LocSimCassetteSession(cassette: file, environment: [:], reportsMisses: false)
        defer { _ = try? player.finish() }
        let url = URL(string: "https://api.weather.gov/alerts/active?area=TX")!
        let error = try #require(await #expect(throws: URLError.self) { _ = try await player.session.data(from: url) })
        let json = directory.appendingPathComponent("alerts.json").path
        #expect(
            error.localizedDescription.hasSuffix(
                "  to record it: locsim cassettes import \(file.path) -o \(json), replay that cassette instead of the "
                    + "HAR, then LOCSIM_RECORD=new-episodes swift test (a HAR is never recorded into; never under CI)"),
            "\(error.localizedDescription)")
        #expect(throws: RecordingError.self) {
            _ = try LocSimCassetteSession(cassette: file, environment: ["LOCSIM_RECORD": "new-episodes"])
        }
    }
}
