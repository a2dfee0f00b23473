import Dispatch
import Foundation
import LocSimHTTPRecording
import LocSimSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Per-request cost of replaying through ``LocSimCassetteSession`` against a bare URLProtocol
/// stub that answers every request with one fixed response, both through a real `URLSession`
/// in the same run; the cassette path is measured at two sizes to show that matching does not
/// scan the cassette.
package enum URLProtocolBenchmark {
    /// Microseconds per request: the bare stub, then the cassette protocol at each size.
    package struct Result: Sendable {
        package var requests: Int
        package var stubMicroseconds: Double
        /// (interactions in the cassette, µs per request), smallest cassette first.
        package var cassette: [(interactions: Int, microseconds: Double)]
    }

    /// Runs `requests` sequential GETs through each session, best of `repeats`, cassettes of
    /// `sizes` interactions written under `directory`.
    package static func run(
        requests: Int = 2000, sizes: [Int] = [10, 1000], repeats: Int = 3, directory: String,
        clock: ContinuousClock = ContinuousClock()
    ) throws -> Result {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [FixedResponseProtocol.self]
        let stubSession = URLSession(configuration: configuration)
        defer { stubSession.invalidateAndCancel() }
        let urls = (0..<requests).map { URL(string: "https://api.example.test/alerts/place-\($0 % 10)?client_id=x")! }
        var players: [(size: Int, player: LocSimCassetteSession)] = []
        var paths: [String] = []
        defer { for path in paths { try? FileManager.default.removeItem(atPath: path) } }
        for size in sizes {
            let path = directory + "/urlprotocol-bench-\(size).json"
            let interactions = (0..<size).map { index in
                HTTPInteraction(
                    request: HTTPRequest(url: "https://api.example.test/alerts/place-\(index)?client_id=<CLIENT_ID>"),
                    response: FixedResponseProtocol.response, recordedAt: "2026-01-01T00:00:00Z")
            }
            // A shared temporary folder: a rename replaces whatever link someone put at the name.
            try AtomicFileWriter().write(Cassette(interactions: interactions).text(), to: path)
            paths.append(path)
            players.append(
                (
                    size,
                    try LocSimCassetteSession(
                        cassette: URL(fileURLWithPath: path), environment: [:], reportsMisses: false)
                ))
        }
        // Interleaved, so a burst of load on a shared machine hits every contender alike.
        var stub = Double.infinity
        var cassette = players.map { ($0.size, Double.infinity) }
        for _ in 0..<max(1, repeats) {
            stub = min(stub, measure(stubSession, urls: urls, clock: clock))
            for (index, entry) in players.enumerated() {
                cassette[index].1 = min(cassette[index].1, measure(entry.player.session, urls: urls, clock: clock))
            }
        }
        for entry in players { try entry.player.finish() }
        return Result(requests: requests, stubMicroseconds: stub, cassette: cassette)
    }

    /// µs per request for sequential completion-handler data tasks.
    private static func measure(_ session: URLSession, urls: [URL], clock: ContinuousClock) -> Double {
        let done = DispatchSemaphore(value: 0)
        let start = clock.now
        for url in urls {
            session.dataTask(with: url) { _, _, _ in done.signal() }.resume()
            done.wait()
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return seconds * 1e6 / Double(urls.count)
    }
}

/// The baseline: a URLProtocol that answers every `http(s)` request with the same response.
final class FixedResponseProtocol: URLProtocol {
    static let response = HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"success":true,"response":[]}"#.utf8)
    )

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let http = HTTPURLResponse(
            url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: Self.response.headers)!
        client?.urlProtocol(self, didReceive: http, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(Self.response.body))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
