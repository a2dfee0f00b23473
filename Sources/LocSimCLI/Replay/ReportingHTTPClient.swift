import HTTPRecording
import Synchronization

/// Passes requests through and, the first time a request has no recording, prints the
/// replayer's whole report (closest recorded request, how it differs, the command that records
/// it) on stderr, with files named as typed. The transcript's `provider_error` keeps only its
/// first line.
final class ReportingHTTPClient: HTTPClient {
    private let base: any HTTPClient
    private let diagnostics: Diagnostics
    private let paths: DisplayPaths
    private let reported = Mutex<Set<String>>([])

    init(base: any HTTPClient, diagnostics: Diagnostics, paths: DisplayPaths) {
        self.base = base
        self.diagnostics = diagnostics
        self.paths = paths
    }

    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        do {
            return try base.send(request)
        } catch {
            if case .notRecorded(let message) = error {
                let firstLine = String(message.prefix { $0 != "\n" })
                let isNew = reported.withLock { $0.insert(firstLine).inserted }
                if isNew { diagnostics.warning(paths.display(message)) }
            }
            throw error
        }
    }
}
