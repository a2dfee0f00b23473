import Foundation
import LocSimHTTPRecording
import LocSimURLProtocol
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `URLSession.shared` is one per process: the only suite that registers globally, serialized.
/// Apple platforms only: swift-corelibs-foundation's shared session fixes its protocol list when
/// first used and asks its built-in HTTP protocol first (the docs say so).
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
}
