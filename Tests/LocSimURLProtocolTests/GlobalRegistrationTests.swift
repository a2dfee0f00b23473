import Foundation
import LocSimHTTPRecording
import LocSimTesting
import LocSimURLProtocol
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `URLSession.shared` is one per process: the only suite that registers globally, serialized.
/// What registration reaches is checked in a process of its own (`LocSimURLSessionProbe --global`),
/// so it never leaks into other tests.
@Suite(.serialized) struct GlobalRegistrationTests {
    #if canImport(FoundationNetworking)
        static let supported = false
    #else
        static let supported = true
    #endif

    @Test(.enabled(if: supported)) func sharedSessionCodeIsAnsweredWhileRegistered() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let url = try fixture.write(
            Cassette(interactions: [Fixture.get("https://global.example/thing", json: "[42]")]), to: "g.json")
        let player = try LocSimCassetteSession(cassette: url, environment: Fixture.quiet, reportsMisses: false)
        player.registerGlobally()
        let (data, _) = try await URLSession.shared.data(from: URL(string: "https://global.example/thing")!)
        #expect(String(decoding: data, as: UTF8.self) == "[42]")
        try player.finish()
    }

    /// Issue 35, defect 5: on Linux the registration reached no session and said nothing, and a
    /// replay's request went to the network. It still cannot reach them (swift-corelibs-foundation
    /// asks its own HTTP protocol first), so it says so, once, and names the fix.
    @Test func whatRegistrationReachesIsSaidAtRunTime() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try LoopbackHTTPServer { _ in
            .init(
                HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array("[network]".utf8)))
        }
        defer { server.stop() }
        let url = server.baseURL + "/thing"
        let cassette = try fixture.write(Cassette(interactions: [Fixture.get(url, json: "[cassette]")]), to: "g.json")

        let run = try OneLinerRecordingTests.runProbe(
            ["--global"], cassette: cassette, url: url, environment: [:], in: fixture)
        #expect(run.status == 0, "\(run.stderr)")
        let warning = "registerGlobally() intercepts no URLSession on Linux"
        #if canImport(FoundationNetworking)
            // Both sessions were built after registration; both went to the network.
            #expect(run.stdout == "ephemeral: [network]\nshared: [network]\n")
            #expect(server.requests.count == 2)
            #expect(run.stderr.components(separatedBy: warning).count == 2, "one warning: \(run.stderr)")
            #expect(run.stderr.contains("go to the network, even when replaying"))
            #expect(run.stderr.contains("Inject the cassette's session into your client"))
            #expect(run.stderr.contains("`locsim serve`"))
        #else
            #expect(run.stdout.contains("shared: [cassette]"))
            #expect(!run.stderr.contains(warning))
        #endif
    }
}
