import Foundation
import LocSimHTTPRecording

/// A stand-in live transport that counts calls and answers from a closure.
final class SpyHTTPClient: HTTPClient, @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var sent: [HTTPRequest] = []
    private let answer: @Sendable (HTTPRequest) -> HTTPResponse

    init(answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse = { _ in HTTPResponse(status: 200) }) {
        self.answer = answer
    }

    var requests: [HTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return sent
    }

    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        lock.lock()
        sent.append(request)
        lock.unlock()
        return answer(request)
    }
}
