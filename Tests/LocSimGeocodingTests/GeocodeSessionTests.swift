import LocSimGeocoding
import LocSimLocationCore
import Testing

/// `#expect` cannot capture a mutating call; this compares its result instead.
func expectActions(
    _ actual: [GeocodeAction], _ expected: [GeocodeAction], sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual == expected, sourceLocation: sourceLocation)
}

struct GeocodeSessionTests {
    static let buffalo = Placemark(
        name: "Buffalo", locality: "Buffalo", administrativeArea: "NY", country: "United States", isoCountryCode: "US")
    static let origin = Coordinate(latitude: 42.9, longitude: -78.85)

    /// A fix `metres` north of `origin` (1° of latitude ≈ 111,195 m on the mean sphere).
    static func north(_ metres: Double) -> Coordinate {
        Coordinate(latitude: origin.latitude + metres / 111_195.08, longitude: origin.longitude)
    }

    static func id(_ n: Int) -> GeocodeRequestID { GeocodeRequestID(rawValue: n) }

    @Test func issuesAndDeliversWithLatency() {
        var session = GeocodeSession(configuration: .init(latency: 1.5))
        expectActions(session.request(Self.origin, at: 10), [.issue(Self.id(1), Self.origin, completesAt: 11.5)])
        #expect(session.pendingRequests == [Self.id(1)])
        expectActions(
            session.complete(Self.id(1), with: .success(Self.buffalo), at: 11.5),
            [.deliver(Self.id(1), Self.buffalo, Self.origin)])
        #expect(session.pendingRequests.isEmpty)
        expectActions(session.complete(Self.id(1), with: .success(Self.buffalo), at: 12), [])
    }

    @Test func geocoderFailureIsReportedAndNotCached() {
        var session = GeocodeSession(configuration: .init(cacheRadius: 1000))
        _ = session.request(Self.origin, at: 0)
        let noResult = GeocodeError(code: 8, message: "no place")
        expectActions(
            session.complete(Self.id(1), with: .failure(noResult), at: 0), [.fail(Self.id(1), noResult, at: 0)])
        expectActions(session.request(Self.origin, at: 1), [.issue(Self.id(2), Self.origin, completesAt: 1)])
        #expect(session.counters.failed == 1)
    }

    @Test func cancelPolicyFailsThePendingRequestWithCode10() {
        var session = GeocodeSession(configuration: .init(latency: 5, overlap: .cancel))
        _ = session.request(Self.origin, at: 0)
        let actions = session.request(Self.north(10), at: 2)
        #expect(actions.count == 2)
        guard case .fail(let canceled, let error, let at) = actions.first else {
            Issue.record("expected a failure first, got \(actions)")
            return
        }
        #expect(canceled == Self.id(1))
        #expect(error.code == GeocodeError.canceledCode)
        #expect(at == 2)
        #expect(actions.last == .issue(Self.id(2), Self.north(10), completesAt: 7))
        // The canceled request's completion arrives and is ignored.
        expectActions(session.complete(Self.id(1), with: .success(Self.buffalo), at: 5), [])
        expectActions(
            session.complete(Self.id(2), with: .success(Self.buffalo), at: 7),
            [.deliver(Self.id(2), Self.buffalo, Self.north(10))])
        #expect(session.counters.canceled == 1)
        #expect(session.counters.granted == 2)
    }

    @Test func queuePolicyIssuesWaitingRequestsInOrderOnCompletion() {
        var session = GeocodeSession(configuration: .init(latency: 5, overlap: .queue))
        _ = session.request(Self.origin, at: 0)
        expectActions(session.request(Self.north(10), at: 1), [.queue(Self.id(2), Self.north(10))])
        expectActions(session.request(Self.north(20), at: 2), [.queue(Self.id(3), Self.north(20))])
        #expect(session.queuedRequests == [Self.id(2), Self.id(3)])
        expectActions(
            session.complete(Self.id(1), with: .success(Self.buffalo), at: 5),
            [
                .deliver(Self.id(1), Self.buffalo, Self.origin), .issue(Self.id(2), Self.north(10), completesAt: 10),
            ])
        expectActions(
            session.complete(Self.id(2), with: .success(Self.buffalo), at: 10),
            [
                .deliver(Self.id(2), Self.buffalo, Self.north(10)), .issue(Self.id(3), Self.north(20), completesAt: 15),
            ])
        #expect(session.counters.queued == 2)
        #expect(session.counters.canceled == 0)
    }

    @Test func queuedRequestsRefusedByTheThrottleFailAndTheNextIsTried() {
        var session = GeocodeSession(
            configuration: .init(throttle: GeocodeThrottle(limit: 1, window: 100), latency: 1, overlap: .queue))
        _ = session.request(Self.origin, at: 0)
        _ = session.request(Self.north(10), at: 0.5)
        _ = session.request(Self.north(20), at: 0.5)
        let actions = session.complete(Self.id(1), with: .success(Self.buffalo), at: 1)
        #expect(actions.count == 3)
        #expect(actions.dropFirst().allSatisfy { if case .fail(_, let e, at: 1) = $0 { e.code == 2 } else { false } })
        #expect(session.queuedRequests.isEmpty)
        #expect(session.counters.throttled == 2)
    }

    @Test func parallelPolicyKeepsBothPending() {
        var session = GeocodeSession(configuration: .init(latency: 5, overlap: .parallel))
        _ = session.request(Self.origin, at: 0)
        expectActions(session.request(Self.north(10), at: 1), [.issue(Self.id(2), Self.north(10), completesAt: 6)])
        #expect(session.pendingRequests == [Self.id(1), Self.id(2)])
    }

    @Test func minIntervalSkipsSilentlyAndCounts() {
        var session = GeocodeSession(configuration: .init(minInterval: 10))
        _ = session.request(Self.origin, at: 0)
        _ = session.complete(Self.id(1), with: .success(Self.buffalo), at: 0)
        expectActions(session.request(Self.north(5000), at: 9.5), [.skip(.minInterval, Self.north(5000))])
        // Exactly minInterval after the previous call is allowed.
        expectActions(
            session.request(Self.north(5000), at: 10), [.issue(Self.id(2), Self.north(5000), completesAt: 10)])
        _ = session.complete(Self.id(2), with: .success(Self.buffalo), at: 10)
        // Skipped fixes do not restart the interval: it runs from the call at 10.
        expectActions(session.request(Self.north(6000), at: 19), [.skip(.minInterval, Self.north(6000))])
        expectActions(
            session.request(Self.north(7000), at: 20), [.issue(Self.id(3), Self.north(7000), completesAt: 20)])
        #expect(session.counters.skipped == 2)
        #expect(session.counters.calls == 3)
    }

    @Test func cacheRadiusReusesTheLastSuccess() {
        var session = GeocodeSession(configuration: .init(minInterval: 60, cacheRadius: 500))
        _ = session.request(Self.origin, at: 0)
        _ = session.complete(Self.id(1), with: .success(Self.buffalo), at: 0)
        // Inside the radius: answered from the cache, even within the min interval.
        expectActions(session.request(Self.north(499), at: 1), [.deliverCached(Self.buffalo, Self.north(499))])
        // Outside it: a call, here stopped by the min interval.
        expectActions(session.request(Self.north(501), at: 2), [.skip(.minInterval, Self.north(501))])
        // The radius is measured from the fix that produced the placemark, not from cached fixes.
        _ = session.request(Self.north(450), at: 3)
        expectActions(session.request(Self.north(900), at: 4), [.skip(.minInterval, Self.north(900))])
        #expect(session.counters.cached == 2)
        #expect(session.counters.calls == 1)
    }

    @Test func throttleDeniesAtOnceWithNetworkCodeAndNoPendingRequest() {
        var session = GeocodeSession(configuration: .init())
        for i in 0..<50 {
            expectActions(
                session.request(Self.origin, at: Double(i)),
                [.issue(Self.id(i + 1), Self.origin, completesAt: Double(i))])
            _ = session.complete(Self.id(i + 1), with: .success(Self.buffalo), at: Double(i))
        }
        let denied = session.request(Self.origin, at: 50)
        guard case .fail(let id, let error, let at) = denied.first, denied.count == 1 else {
            Issue.record("expected one failure, got \(denied)")
            return
        }
        #expect(id == Self.id(51))
        #expect(error.code == GeocodeError.networkCode)
        #expect(at == 50)
        #expect(session.pendingRequests.isEmpty)
        // The first grant (t = 0) leaves the window at 60.
        expectActions(session.request(Self.origin, at: 60), [.issue(Self.id(52), Self.origin, completesAt: 60)])
        let c = session.counters
        #expect((c.fixes, c.calls, c.issued, c.granted, c.throttled, c.succeeded) == (52, 52, 52, 51, 1, 50))
    }

    @Test func denseTrackThrottlesExactlyWhereTheRuleSays() {
        // A fix every second for ten minutes, no client policy: 50 granted per 60 s.
        var session = GeocodeSession(configuration: .init())
        var grantedAt: [Int] = []
        for t in 0..<600 {
            for action in session.request(Self.origin, at: Double(t)) {
                if case .issue(let id, _, _) = action {
                    grantedAt.append(t)
                    _ = session.complete(id, with: .success(Self.buffalo), at: Double(t))
                }
            }
        }
        let expected = (0..<10).flatMap { minute in (0..<50).map { minute * 60 + $0 } }
        #expect(grantedAt == expected)
        #expect(session.counters.throttled == 100)
    }
}
