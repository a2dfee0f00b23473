import LocSimHTTPRecording

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#else
    public import Foundation
#endif

extension URLSession {
    /// The session of the cassette that scopes the running test (`@Test(.cassette("nws.json"))`),
    /// a task-local value: each test, and each case of a parameterized test, has its own.
    ///
    /// Read outside such a test it is a session that answers nothing: every request fails with
    /// a `URLError` saying so (it never reaches the network).
    public static var cassette: URLSession {
        CassetteScope.current?.session ?? CassetteScope.unscoped
    }
}

/// The cassette session of the running test's scope, and the session read outside any scope.
enum CassetteScope {
    @TaskLocal static var current: LocSimCassetteSession?

    /// Refuses every request: `URLSession.cassette` read outside a `.cassette(…)` test.
    static let unscoped: URLSession = {
        let (configuration, _) = LocSimURLSession.configuration(answering: UnscopedClient())
        return URLSession(configuration: configuration)
    }()
}

/// The client behind ``CassetteScope/unscoped``.
private struct UnscopedClient: HTTPClient {
    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        throw .refused(
            "locsim: URLSession.cassette was read outside a test scoped by a cassette, so \(request.method) "
                + "\(request.url) was not sent: add the trait (@Test(.cassette(\"name.json\"))) or make a session "
                + "with LocSimURLSession.replaying(cassette:)")
    }
}
