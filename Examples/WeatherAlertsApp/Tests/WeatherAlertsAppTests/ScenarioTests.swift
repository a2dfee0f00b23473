import Foundation
import LocSim
import LocSimScenarioTesting
import Testing
import WeatherAlertsApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's own adapter and push logic, driven by locsim along a real drive, compared with the
/// golden transcript byte for byte.
struct ScenarioTests {
    @Test func franklinToMorganCityMatchesItsGoldenTranscript() async throws {
        let transcript = try await ScenarioAssertion.assert(
            "franklin-to-morgan-city", in: ExampleScenarios.recordings, app: ExampleScenarios.app())
        #expect(
            transcript.events(named: "APP_NOTIFICATION").first?.string("title") == "⚠️ Coastal Flood Advisory")
        #expect(transcript.events(named: "push").isEmpty, "the app's push logic replaces the built-in one")
    }

    @Test func aTypoInTheAdapterShowsUpAsAReadableDiff() async throws {
        var broken = AppXweatherProvider()
        broken.makeClient = { session, base, id, secret in
            TypoXweatherAlertsClient(session: session, baseURL: base, clientID: id, clientSecret: secret)
        }
        let app = try ExampleScenarios.app(provider: broken)
        // No record mode here, whatever the environment says: the broken run is never blessed.
        try await withKnownIssue {
            try await ScenarioAssertion.assert(
                "franklin-to-morgan-city", in: ExampleScenarios.recordings, app: app, environment: [:])
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("--- Recordings/franklin-to-morgan-city/expected.jsonl")
                && text.contains("\n-{\"body\":\"...COASTAL FLOOD ADVISORY")
                && text.contains("\n+{\"code\":\"provider_error\"")
                && text.contains("To accept the new transcript, run: LOCSIM_RECORD=all swift test")
        }
    }
}

/// A copy of the app's adapter with the mistake a developer might make: it reads
/// `details.title`, a field Xweather does not send, instead of `details.name`.
struct TypoXweatherAlertsClient: AlertsFetching {
    var session: URLSession
    var baseURL: URL
    var clientID: String
    var clientSecret: String

    func alerts(city: String, state: String) async throws -> [WeatherAlert] {
        let place = [city, state].map { $0.lowercased() }.joined(separator: ",")
        let url = URL(
            string: baseURL.absoluteString
                + "/alerts/\(place)?client_id=\(escaped(clientID))&client_secret=\(escaped(clientSecret))")!
        let (data, _) = try await session.data(for: URLRequest(url: url))
        struct Envelope: Decodable {
            struct Item: Decodable {
                struct Details: Decodable {
                    var title: String
                    var body: String
                }
                var id: String
                var details: Details
            }
            var response: [Item]?
        }
        let envelope = try JSONDecoder().decode(Envelope.self, from: data)
        return (envelope.response ?? []).map {
            WeatherAlert(id: $0.id, title: $0.details.title, code: nil, text: $0.details.body, expires: nil)
        }
    }

    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "<", with: "%3C").replacingOccurrences(of: ">", with: "%3E")
    }
}
