import Foundation
import LocSimHTTPRecording
import LocSimURLProtocol
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ReplayThroughProtocolTests {
    let alerts = Fixture.get(
        "https://data.api.xweather.com/alerts/franklin,la?client_id=<XWEATHER_CLIENT_ID>", json: #"{"success":true}"#)

    @Test func asyncDataForAndFromReplayTheRecordedResponse() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let cassette = try fixture.write(Cassette(interactions: [alerts]), to: "c.json")
        let session = try LocSimURLSession.replaying(cassette: cassette)
        defer { session.invalidateAndCancel() }
        let url = URL(string: "https://data.api.xweather.com/alerts/franklin,la?client_id=abc")!
        let (data, response) = try await session.data(for: URLRequest(url: url))
        #expect(String(decoding: data, as: UTF8.self) == #"{"success":true}"#)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "application/json")
        // Pure replay: once used up, the last matching answer repeats.
        let (again, _) = try await session.data(from: url)
        #expect(again == data)
    }

    @Test func completionHandlerTasksReplayToo() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let player = try LocSimCassetteSession(
            cassette: try fixture.write(Cassette(interactions: [alerts]), to: "c.json"), environment: Fixture.quiet)
        let url = URL(string: "https://data.api.xweather.com/alerts/franklin,la?client_id=x")!
        let (data, _) = try await player.session.completionData(for: URLRequest(url: url))
        #expect(String(decoding: data, as: UTF8.self) == #"{"success":true}"#)
        try player.finish()
    }

    @Test func uploadsMatchTheirBodyAsJSONWhetherHTTPBodyOrStream() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var cassette = Cassette(interactions: [
            HTTPInteraction(
                request: HTTPRequest(
                    method: "POST", url: "https://parseapi.back4app.com/push",
                    headers: ["Content-Type": "application/json"], body: Array(#"{"a":1,"b":[true]}"#.utf8)),
                response: HTTPResponse(status: 201, body: Array("created".utf8)), recordedAt: "")
        ])
        cassette.matching = MatchingRules(jsonBody: true)
        let url = try fixture.write(cassette, to: "push.json")
        let player = try LocSimCassetteSession(cassette: url, environment: Fixture.quiet, reportsMisses: false)
        defer { _ = try? player.finish() }
        var request = URLRequest(url: URL(string: "https://parseapi.back4app.com/push")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("{ \"b\" : [ true ], \"a\" : 1 }".utf8)
        let (first, response) = try await player.session.data(for: request)
        #expect(String(decoding: first, as: UTF8.self) == "created")
        #expect((response as? HTTPURLResponse)?.statusCode == 201)

        var streamed = request
        streamed.httpBody = nil
        streamed.httpBodyStream = InputStream(data: Data(#"{"b":[true],"a":1}"#.utf8))
        let (second, _) = try await player.session.data(for: streamed)
        #expect(String(decoding: second, as: UTF8.self) == "created")

        var different = request
        different.httpBody = Data(#"{"a":2,"b":[true]}"#.utf8)
        let error = await #expect(throws: URLError.self) { _ = try await player.session.data(for: different) }
        #expect(error?.localizedDescription.contains("body field a: 2 (recorded 1)") == true)
    }

    @Test func recordedRedirectsAreFollowed() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let moved = HTTPInteraction(
            request: HTTPRequest(url: "https://api.weather.gov/points/29.79,-91.5"),
            response: HTTPResponse(status: 301, headers: ["Location": "/points/29.79,-91.50"]), recordedAt: "")
        let final = Fixture.get("https://api.weather.gov/points/29.79,-91.50", json: #"{"ok":1}"#)
        let url = try fixture.write(Cassette(interactions: [moved, final]), to: "nws.json")
        let session = try LocSimURLSession.replaying(cassette: url)
        defer { session.invalidateAndCancel() }
        let (data, response) = try await session.data(from: URL(string: "https://api.weather.gov/points/29.79,-91.5")!)
        #expect(String(decoding: data, as: UTF8.self) == #"{"ok":1}"#)
        #expect(response.url?.absoluteString == "https://api.weather.gov/points/29.79,-91.50")
    }

    @Test func coordinateTolerantQueriesMatchNearbyValues() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var cassette = Cassette(interactions: [
            Fixture.get("https://api.openweathermap.org/data/3.0/onecall?lat=29.7944&lon=-91.5012", json: "[1]")
        ])
        cassette.matching = MatchingRules(coordinates: .init(decimals: 2))
        let url = try fixture.write(cassette, to: "owm.json")
        let player = try LocSimCassetteSession(cassette: url, environment: Fixture.quiet, reportsMisses: false)
        defer { _ = try? player.finish() }
        let near = URL(string: "https://api.openweathermap.org/data/3.0/onecall?lon=-91.4991&lat=29.7911")!
        let (data, _) = try await player.session.data(from: near)
        #expect(String(decoding: data, as: UTF8.self) == "[1]")
        let far = URL(string: "https://api.openweathermap.org/data/3.0/onecall?lon=-91.4991&lat=29.8111")!
        await #expect(throws: URLError.self) { _ = try await player.session.data(from: far) }
    }

    @Test func parallelTestsUseTheirOwnCassettes() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let urls = try (0..<8).map { index in
            try fixture.write(
                Cassette(interactions: [Fixture.get("https://example.com/same", json: "[\(index)]")]),
                to: "\(index).json")
        }
        try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, cassette) in urls.enumerated() {
                group.addTask {
                    try await LocSimURLSession.withCassette(cassette) { session in
                        let (data, _) = try await session.data(from: URL(string: "https://example.com/same")!)
                        return (index, String(decoding: data, as: UTF8.self))
                    }
                }
            }
            for try await (index, body) in group { #expect(body == "[\(index)]") }
        }
    }

    @Test func aMissFailsWithTheReport() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let url = try fixture.write(Cassette(interactions: [alerts]), to: "c.json")
        let secrets = [SecretDeclaration(variable: "XWEATHER_CLIENT_ID", queryParameters: ["client_id"])]
        let player = try LocSimCassetteSession(
            cassette: url, secrets: secrets, environment: ["XWEATHER_CLIENT_ID": "abc"], reportsMisses: false)
        defer { _ = try? player.finish() }
        let request = URLRequest(
            url: URL(string: "https://data.api.xweather.com/alerts/morgan%20city,la?client_id=abc")!)
        let error = try #require(
            await #expect(throws: URLError.self) { _ = try await player.session.data(for: request) })
        #expect(error.code == .resourceUnavailable)
        #expect((error as NSError).userInfo["LocSimFailureCode"] as? String == "not_recorded")
        let expected = """
            no recorded interaction answers GET https://data.api.xweather.com/alerts/morgan%20city,la?client_id=<XWEATHER_CLIENT_ID>
              searched: \(url.path)
              closest: GET https://data.api.xweather.com/alerts/franklin,la?client_id=<XWEATHER_CLIENT_ID> (\(url.path), interaction 0)
              differs: path /alerts/morgan city,la (recorded /alerts/franklin,la)
              to record it: LOCSIM_RECORD=new-episodes swift test (records into \(url.path); never under CI)
            """
        #expect(error.localizedDescription == expected)
        #expect(!error.localizedDescription.contains("abc"))
    }

    @Test func brokenOrNewerCassettesAreRefusedAndLeftAlone() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let truncated = "{\n  \"interactions\" : [\n    {\n"
        let url = try fixture.write(truncated, to: "broken.json")
        #expect {
            _ = try LocSimCassetteSession(cassette: url, mode: .newEpisodes, environment: Fixture.quiet)
        } throws: { error in
            "\(error)".hasPrefix("\(url.path):4:1: error: ")
        }
        #expect(fixture.read("broken.json") == truncated)

        let newer = try fixture.write(#"{"interactions":[],"version":2}"#, to: "newer.json")
        #expect {
            _ = try LocSimCassetteSession(cassette: newer, environment: Fixture.quiet)
        } throws: { error in
            "\(error)".contains("unsupported cassette version 2 (this build reads version 1)")
        }
        #expect(throws: RecordingError.self) {
            _ = try LocSimCassetteSession(cassette: fixture.url("missing.json"), environment: Fixture.quiet)
        }
    }
}
