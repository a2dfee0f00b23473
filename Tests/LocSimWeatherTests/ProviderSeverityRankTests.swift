import LocSimAppServices
import LocSimHTTPRecording
import LocSimPluginOptions
import LocSimSimulation
import LocSimSupport
import LocSimTesting
import Testing

@testable import LocSimWeather

/// A provider ranks its own advisories for `--advisory most-severe` (``WeatherProvider/severityRank(of:)``).
struct ProviderSeverityRankTests {
    /// Answers "Heat Warning" then "Pollen Level 4"; ranks by the level in the name when `ownRanking`.
    struct LevelsProvider: WeatherProvider {
        var ownRanking: Bool
        var name: ProviderName { "levels" }

        func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
            [
                .advisories([
                    Advisory(provider: name, name: "Heat Warning", body: "hot"),
                    Advisory(provider: name, name: "Pollen Level 4", body: "sneezy"),
                ])
            ]
        }

        func severityRank(of advisory: Advisory) -> [Int] {
            ownRanking ? [Int(advisory.name.split(separator: " ").last ?? "") ?? 0] : AdvisorySelection.rank(advisory)
        }
    }

    func mostSevere(ownRanking: Bool) throws -> [String?] {
        let bus = NotificationBus()
        let service = WeatherService(providers: [LevelsProvider(ownRanking: ownRanking)], selection: .mostSevere)
        let context = ServiceContext(bus: bus, http: ScriptedHTTPClient([:]), endpoints: Endpoints([]))
        let host = ServiceHost(bus: bus, services: [service], context: context)
        defer { host.stop() }
        let recorder = BusRecorder(bus)
        bus.post(.locationAvailable, WeatherServiceTests.franklinInfo)
        return recorder.posted.filter { $0.name == .advisoryAvailable }.map { $0.userInfo["name"] }
    }

    @Test func theProvidersRankingPicksTheMostSevere() throws {
        // The built-in ranking: a warning outranks a name without a significance word.
        #expect(try mostSevere(ownRanking: false) == ["Heat Warning"])
        // The provider's own: level 4 outranks the warning it ranks 0.
        #expect(try mostSevere(ownRanking: true) == ["Pollen Level 4"])
    }
}
