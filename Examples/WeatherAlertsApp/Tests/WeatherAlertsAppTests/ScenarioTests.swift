import Foundation
import LocSim
import Testing
import WeatherAlertsApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's own adapter and push logic, driven by locsim along a real drive, compared with the
/// golden transcript byte for byte.
struct ScenarioTests {
    @Test func franklinToMorganCityMatchesItsGoldenTranscript() throws {
        let (transcript, diff) = try ExampleScenarios.run("franklin-to-morgan-city")
        #expect(diff.isEmpty, "\(diff.text)")
        #expect(
            transcript.events(named: "APP_NOTIFICATION").first?.string("title") == "⚠️ Coastal Flood Advisory")
        #expect(transcript.events(named: "push").isEmpty, "the app's push logic replaces the built-in one")
    }

    @Test func aTypoInTheAdapterShowsUpAsAReadableDiff() throws {
        var broken = AppXweatherProvider()
        broken.makeClient = { session, base, id, secret in
            TypoXweatherAlertsClient(session: session, baseURL: base, clientID: id, clientSecret: secret)
        }
        let (_, diff) = try ExampleScenarios.run("franklin-to-morgan-city", provider: broken)
        let text = diff.text
        #expect(!diff.isEmpty)
        #expect(text.contains("--- Recordings/franklin-to-morgan-city/expected.jsonl"))
        #expect(text.contains("\n-{\"body\":\"...COASTAL FLOOD ADVISORY"))
        #expect(text.contains("\n+{\"code\":\"provider_error\""))
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
