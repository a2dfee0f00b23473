import LocSimSupport

/// Remembers every request the live transport could not deliver (unreachable, timed out), so
/// a recording run can refuse to write a cassette that lacks them (exit 69).
package final class LiveFailureWatcher: HTTPClient {
    private let base: any HTTPClient
    private let seen = Locked<[String]>([])

    /// Watches the requests sent through `base`.
    public init(base: any HTTPClient) {
        self.base = base
    }

    /// The failure messages in order (host and cause, never a URL).
    public var failures: [String] { seen.withLock { $0 } }

    public func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        do {
            return try base.send(request)
        } catch {
            throw noted(error)
        }
    }

    public func response(for request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        do {
            return try await base.response(for: request)
        } catch {
            throw noted(error)
        }
    }

    /// `error`, after remembering it when it is a transport failure.
    private func noted(_ error: HTTPClientError) -> HTTPClientError {
        switch error {
        case .unreachable(let message), .timedOut(let message): seen.withLock { $0.append(message) }
        case .notRecorded, .refused: break
        }
        return error
    }
}
