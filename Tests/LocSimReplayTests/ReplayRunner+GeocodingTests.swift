import Foundation
import LocSimGeocoding
import LocSimLocationCore
import LocSimReplay
import LocSimSimulation
import LocSimWeather
import Testing

/// Reverse geocoding inside the pipeline: Apple's throttle, latency and overlap, client policy.
@Suite struct ReplayRunnerGeocodingTests {
    /// A fast straight timed track: `count` points 30 m apart, one a second.
    static func fastTrack(count: Int) -> String {
        GPXFixture.track(GPXFixture.meridian(count: count, spacing: 30))
    }

    /// The throttle as docs/contract.md states it, written independently: a request at t is granted
    /// when fewer than `limit` granted requests fall in (t − window, t].
    static func throttleModel(_ instants: [Double], limit: Int, window: Double) -> (granted: [Double], denied: [Double])
    {
        var granted: [Double] = []
        var denied: [Double] = []
        for t in instants {
            let inWindow = granted.filter { $0 > t - window && $0 <= t }.count
            if inWindow < limit { granted.append(t) } else { denied.append(t) }
        }
        return (granted, denied)
    }

    @Test(arguments: [(50, 60.0), (5, 7.5)])
    func throttledRequestsFailExactlyWhereTheRuleSays(limit: Int, window: Double) throws {
        let configuration = testConfiguration(
            interval: 1, geocoding: GeocodeSessionConfiguration(throttle: GeocodeThrottle(limit: limit, window: window))
        )
        let outcome = try replay(Self.fastTrack(count: 200), configuration)
        let requests = outcome.lines(.location).map(\.t)
        #expect(requests.count == 200)
        let model = Self.throttleModel(requests, limit: limit, window: window)
        #expect(!model.denied.isEmpty)
        #expect(outcome.lines(.locationAvailable).map(\.t) == model.granted)
        let failures = outcome.lines(.geocodeFailed)
        #expect(failures.map(\.t) == model.denied)
        #expect(failures.allSatisfy { $0["code"] == "2" })
        // Each failure directly follows its location: nothing is posted for that fix.
        for index in outcome.lines.indices where outcome.lines[index].notification.name == .geocodeFailed {
            #expect(outcome.lines[index - 1].notification.name == .location)
            #expect(outcome.lines[index - 1].t == outcome.lines[index].t)
        }
        #expect(outcome.summary.geocoding.throttled == model.denied.count)
    }

    @Test func theDefaultLimitIsFiftyPerSixtySeconds() throws {
        let outcome = try replay(
            Self.fastTrack(count: 130), testConfiguration(interval: 1, geocoding: GeocodeSessionConfiguration()))
        let denied = outcome.lines(.geocodeFailed).map(\.t)
        let expected: [Double] = (50...59).map(Double.init) + (110...119).map(Double.init)
        #expect(denied == expected)
    }

    /// Latency 1.5 s, a fix every second: each request is canceled (code 10) by the next; the
    /// last one completes after the track ends.
    @Test func cancelOverlap() throws {
        let geocoding = GeocodeSessionConfiguration(throttle: nil, latency: 1.5, overlap: .cancel)
        let outcome = try replay(Self.fastTrack(count: 5), testConfiguration(geocoding: geocoding))
        let failures = outcome.lines(.geocodeFailed)
        #expect(failures.map(\.t) == [1, 2, 3, 4])
        #expect(failures.allSatisfy { $0["code"] == "10" })
        #expect(outcome.lines(.locationAvailable).map(\.t) == [5.5])
        #expect(outcome.lines(.locationAvailable).first?["latitude"] == outcome.lines(.location).last?["latitude"])
        // The cancellation is reported right after the new fix, before anything else.
        let second = try #require(outcome.lines.firstIndex { $0.notification.name == .location && $0.t == 1 })
        #expect(outcome.lines[second + 1].notification.name == .geocodeFailed)
    }

    /// Queue: requests wait and are issued one after the other; all complete, in order, for
    /// their own fixes. A completion due at a fix's instant lands before that fix.
    @Test func queueOverlap() throws {
        let geocoding = GeocodeSessionConfiguration(throttle: nil, latency: 1.5, overlap: .queue)
        let geocoder = StubGeocoder()
        let outcome = try replay(Self.fastTrack(count: 5), testConfiguration(geocoding: geocoding), geocoder: geocoder)
        let places = outcome.lines(.locationAvailable)
        #expect(places.map(\.t) == [1.5, 3, 4.5, 6, 7.5])
        #expect(places.map { $0["latitude"] } == outcome.lines(.location).map { $0["latitude"] })
        #expect(outcome.lines(.geocodeFailed).isEmpty)
        #expect(geocoder.requests.count == 5)
        let atThree = outcome.lines.filter { $0.t == 3 }.map(\.notification.name)
        #expect(atThree == [.locationAvailable, .location])
        #expect(outcome.summary.geocoding.queued == 4)
    }

    @Test func parallelOverlap() throws {
        let geocoding = GeocodeSessionConfiguration(throttle: nil, latency: 1.5, overlap: .parallel)
        let outcome = try replay(Self.fastTrack(count: 5), testConfiguration(geocoding: geocoding))
        #expect(outcome.lines(.locationAvailable).map(\.t) == [1.5, 2.5, 3.5, 4.5, 5.5])
        #expect(outcome.lines(.geocodeFailed).isEmpty)
    }

    @Test func minIntervalSkipsSilently() throws {
        let geocoder = StubGeocoder()
        let outcome = try replay(
            Self.fastTrack(count: 31),
            testConfiguration(geocoding: GeocodeSessionConfiguration(minInterval: 10, throttle: nil)),
            geocoder: geocoder)
        #expect(outcome.lines(.location).count == 31)
        #expect(outcome.lines(.locationAvailable).map(\.t) == [0, 10, 20, 30])
        #expect(outcome.lines(.geocodeFailed).isEmpty)
        #expect(geocoder.requests.count == 4)
        #expect(outcome.summary.geocoding.skipped == 27)
    }

    /// Within the radius of the fix behind the last success the cached place is posted for the
    /// new fix, with no call.
    @Test func cacheRadiusAnswersNearbyFixes() throws {
        let geocoder = StubGeocoder()
        let outcome = try replay(
            Self.fastTrack(count: 9),
            testConfiguration(geocoding: GeocodeSessionConfiguration(cacheRadius: 100, throttle: nil)),
            geocoder: geocoder)
        // 30 m apart: fixes 1–3 are within 100 m of fix 0, fix 4 (120 m) asks again, and so on.
        #expect(geocoder.requests.count == 3)
        #expect(outcome.summary.geocoding.cached == 6)
        let places = outcome.lines(.locationAvailable)
        #expect(places.count == 9)
        #expect(places.map { $0["latitude"] } == outcome.lines(.location).map { $0["latitude"] })
    }

    @Test func geocoderNoneMeansNoPlacesAndNoProviders() throws {
        let client = ScriptedHTTPClient([("/advisories/", ScriptedHTTPClient.json(#"{"success":true,"response":[]}"#))])
        var configuration = testConfiguration(providers: [.aeris])
        configuration.geocoder = .none
        let outcome = try replay(
            ReplayRunnerTests.straight, configuration, geocoder: StubGeocoder(), client: client)
        #expect(Set(outcome.events) == ["authorization", "location"])
        #expect(client.requests.isEmpty)
        #expect(outcome.summary.geocoding.fixes == 0)
    }

    @Test func geocoderErrorsAreReportedWithTheirCode() throws {
        let geocoder = StubGeocoder(failure: GeocodeError(code: 8, message: "no result"))
        let outcome = try replay(
            GPXFixture.track(GPXFixture.meridian(count: 2, spacing: 10)), testConfiguration(), geocoder: geocoder)
        #expect(outcome.events == ["authorization", "location", "geocode_failed", "location", "geocode_failed"])
        #expect(outcome.lines(.geocodeFailed).map { $0["code"] } == ["8", "8"])
    }

    /// A geocoder's multi-line report (an unrecorded Nominatim request names local files) is cut
    /// to its first line, so the transcript is the same on every machine.
    @Test func failureMessagesAreOneLine() throws {
        let geocoder = StubGeocoder(
            failure: GeocodeError(
                code: 2, message: "not recorded: GET https://x/reverse\n  searched: /home/me/Recordings"))
        let outcome = try replay(
            GPXFixture.track(GPXFixture.meridian(count: 1, spacing: 10)), testConfiguration(), geocoder: geocoder)
        #expect(outcome.lines(.geocodeFailed).map { $0["message"] } == ["not recorded: GET https://x/reverse"])
    }
}
