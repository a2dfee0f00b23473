import Foundation
import LocSimHTTPRecording
import LocSimLiveHTTP
import LocSimSupport
import LocSimTesting
import Testing

@testable import LocSimServe

/// `serve --record` is not an open forward proxy (issue 34 item 4): it fetches only URLs on the
/// origins the run's endpoints declare, or on a `--connect-to` host; an absolute-form or
/// `Host`-routed request for anything else is 404 `not_forwarded`, and nothing is fetched or
/// recorded.
@Suite struct ForwardPolicyTests {
    /// The live transport of the server under test: URLs on 127.0.0.1 really go out (the
    /// "internal" server must see none of them); any other URL is answered here, never sent
    /// to the network. Every URL asked for is kept.
    final class SpyClient: HTTPClient {
        let asked = Locked<[String]>([])
        func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
            asked.withLock { $0.append(request.url) }
            if URLParts(request.url).host == "127.0.0.1" || URLParts(request.url).host == "localhost" {
                return try LiveHTTPClient(timeout: .seconds(5)).send(request)
            }
            return HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Array("live".utf8))
        }
    }

    /// An absolute-form target or a `Host` naming what no endpoint declares.
    static func refusedRequests(internalPort port: Int) -> [String] {
        [
            "GET http://127.0.0.1:\(port)/admin HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n",
            "GET http://localhost:\(port)/admin HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET http://user:pw@127.0.0.1:\(port)/admin HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET http://api.aerisapi.com@127.0.0.1:\(port)/admin HTTP/1.1\r\nHost: x\r\n\r\n",
            "POST http://127.0.0.1:\(port)/admin HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi",
            "GET /admin HTTP/1.1\r\nHost: metadata.internal\r\n\r\n",
            "GET /latest/meta-data HTTP/1.1\r\nHost: instance-data.ec2.internal\r\n\r\n",
            "GET http://api.aerisapi.com:\(port)/advisories HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET http://api.aerisapi.com.evil.test/advisories HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET http://api.aerisapi.com%2f@127.0.0.1:\(port)/ HTTP/1.1\r\nHost: x\r\n\r\n",
        ]
    }

    @Test(arguments: [RecordMode.newEpisodes, .all, .once])
    func anUndeclaredHostIsNeverFetched(mode: RecordMode) throws {
        let internalServer = try LoopbackHTTPServer { _ in .init(HTTPResponse(status: 200, body: Array("secret".utf8)))
        }
        defer { internalServer.stop() }
        let spy = SpyClient()
        let fixture = try ServeFixture(recording: mode, live: spy, writesCassette: mode != .once)
        defer { fixture.tearDown() }
        for request in Self.refusedRequests(internalPort: internalServer.port) {
            let connection = try RawConnection(port: fixture.server.port)
            connection.send(request)
            let response = try #require(connection.readResponse(), "\(request)")
            #expect(response.status == 404, "\(request)")
            #expect(response.body.contains(#""error":"not_forwarded""#), "\(response.body)")
            #expect(response.body.contains("is not forwarded"), "\(response.body)")
            #expect(!response.body.contains("secret"))
        }
        #expect(internalServer.requests.isEmpty, "the internal server was reached")
        #expect(spy.asked.withLock { $0 }.isEmpty)
        #expect(fixture.session.recordedCount == 0)
        #expect(fixture.server.requests.allSatisfy { $0.outcome == .miss && $0.status == 404 })
        // Reports are written by the server's output queue: shutting down drains it.
        fixture.server.shutdown()
        #expect(fixture.reports.all.contains { $0.contains("not forwarded: GET ") })
    }

    /// The declared origins still record: `/<key>/…`, the proxy form and `Host` routing to an
    /// endpoint's host (either scheme on its default port), and a `forwardHosts` host on any port.
    @Test func declaredHostsAndForwardHostsAreFetched() throws {
        let spy = SpyClient()
        let fixture = try ServeFixture(recording: .newEpisodes, live: spy, forwardHosts: ["stub.test"])
        defer { fixture.tearDown() }
        let before = try CassetteStore.load(fixture.cassette).interactions.count
        let requests = [
            "GET /aeris/observations/x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            "GET http://api.aerisapi.com/forecasts/x HTTP/1.1\r\nHost: api.aerisapi.com\r\n\r\n",
            "GET https://API.weather.gov:443/alerts HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /alerts/active HTTP/1.1\r\nHost: api.weather.gov\r\n\r\n",
            "GET http://stub.test:9000/anything HTTP/1.1\r\nHost: x\r\n\r\n",
        ]
        for request in requests {
            let connection = try RawConnection(port: fixture.server.port)
            connection.send(request)
            #expect(connection.readResponse()?.status == 200, "\(request)")
        }
        #expect(spy.asked.withLock { $0 }.count == requests.count)
        #expect(fixture.session.recordedCount == requests.count)
        // Shutting down writes the cassette and removes its lock file (it was left behind).
        #expect(FileManager.default.fileExists(atPath: fixture.cassette + ".lock"))
        fixture.server.shutdown()
        #expect(!FileManager.default.fileExists(atPath: fixture.cassette + ".lock"))
        #expect(try CassetteStore.load(fixture.cassette).interactions.count == before + requests.count)
    }

    /// Replaying (no live session) is unchanged: an undeclared host is matched against the
    /// cassettes and gets the usual `not_recorded` miss, never `not_forwarded`.
    @Test func replayMissesAreStillNotRecorded() throws {
        let fixture = try ServeFixture()
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send("GET http://127.0.0.1:1/admin HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try #require(connection.readResponse())
        #expect(response.status == 404)
        #expect(response.body.contains(#""error":"not_recorded""#), "\(response.body)")
    }

    #if os(Linux)
        /// The issue's reproduction on the command line: `serve --record` fetched an absolute-form
        /// request for 127.0.0.1 and recorded it. Now it is 404 `not_forwarded` and the "internal"
        /// server sees nothing, while `--connect-to` still carries the declared host's requests to it.
        @Test func theCommandLineServerIsNotAnOpenProxy() throws {
            let internalServer = try LoopbackHTTPServer { _ in
                .init(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array("{}".utf8)))
            }
            defer { internalServer.stop() }
            let directory = try ServeFixture.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let cassette = directory.appendingPathComponent("cassette.json").path
            let (process, port) = try Self.recordingServe(into: cassette, aerisAt: internalServer.port)
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            let probe = try RawConnection(port: port)
            probe.send("GET http://127.0.0.1:\(internalServer.port)/admin HTTP/1.1\r\nHost: x\r\n\r\n")
            let refused = try #require(probe.readResponse())
            #expect(refused.status == 404)
            #expect(refused.body.contains(#""error":"not_forwarded""#), "\(refused.body)")
            #expect(internalServer.requests.isEmpty, "the internal server was reached")
            let declared = try RawConnection(port: port)
            declared.send("GET /aeris/advisories/x HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(declared.readResponse()?.status == 200)
            #expect(internalServer.requests.map(\.url).count == 1)
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let written = try String(contentsOfFile: cassette, encoding: .utf8)
            #expect(written.contains("https://api.aerisapi.com/advisories/x"))
            #expect(!written.contains("/admin"))
        }

        /// A provider's redirect goes back to the app as the 3xx it is: `serve --record` followed
        /// it to a host the run does not declare, sent the app's secret headers there and recorded
        /// the internal answer under the provider's URL (found by an attack run).
        @Test func aRedirectIsTheAnswerNotFollowed() throws {
            let internalServer = try LoopbackHTTPServer { _ in
                .init(HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Array("internal".utf8)))
            }
            defer { internalServer.stop() }
            let location = "http://127.0.0.1:\(internalServer.port)/internal/admin"
            let provider = try LoopbackHTTPServer { _ in
                .init(HTTPResponse(status: 302, headers: ["Location": location], body: []))
            }
            defer { provider.stop() }
            let directory = try ServeFixture.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let cassette = directory.appendingPathComponent("cassette.json").path
            let (process, port) = try Self.recordingServe(into: cassette, aerisAt: provider.port)
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            let app = try RawConnection(port: port)
            app.send("GET /aeris/advisories/x HTTP/1.1\r\nHost: x\r\nX-Api-Key: topSecretApiKey12345\r\n\r\n")
            let answer = try #require(app.readResponse())
            #expect(answer.status == 302)
            #expect(answer.headers["location"] == location, "\(answer)")
            #expect(provider.requests.count == 1)
            #expect(internalServer.requests.isEmpty, "the redirect was followed")
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            let written = try String(contentsOfFile: cassette, encoding: .utf8)
            #expect(written.contains(#""status" : 302"#))
            #expect(!written.contains("internal\""))
        }

        struct NotListening: Error {
            let firstLine: String
        }

        /// `locsim serve --cassette CASSETTE --record` with Aeris sent to `aerisAt` on 127.0.0.1
        /// (and `environment` added to this process's), and the port it listens on.
        static func recordingServe(
            into cassette: String, aerisAt port: Int, environment: [String: String] = [:]
        ) throws -> (Process, Int) {
            let process = Process()
            process.executableURL = ServeCommandTests.executable
            process.arguments = [
                "serve", "--cassette", cassette, "--record", "--port", "0",
                "--connect-to", "api.aerisapi.com=127.0.0.1:\(port)",
            ]
            process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }
                .merging(environment) { $1 }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let line = ServeCommandTests.firstLine(output.fileHandleForReading)
            guard let listening = Int(line.split(separator: ":").last ?? "") else {
                kill(process.processIdentifier, SIGKILL)
                throw NotListening(firstLine: line)
            }
            return (process, listening)
        }
    #endif
}
