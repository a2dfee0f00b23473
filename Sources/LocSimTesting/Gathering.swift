import Foundation
import LocSimSupport

/// Holds each caller until `expected` have arrived (or `patience` has passed), then
/// tells whether they all did. In a ``LoopbackHTTPServer`` handler it proves that requests were
/// in flight together, without timing anything:
///
/// ```swift
/// let gathering = Gathering(expected: 6)
/// let server = try LoopbackHTTPServer { _ in .init(HTTPResponse(status: gathering.arrive() ? 200 : 504)) }
/// ```
///
/// `@unchecked Sendable`: `arrived` is only touched while `condition` is locked.
package final class Gathering: @unchecked Sendable {
    private let condition = NSCondition()
    private var arrived = 0
    private let expected: Int
    private let patience: Duration

    /// Waits for `expected` arrivals, each caller at most `patience`.
    package init(expected: Int, patience: Duration = .seconds(10)) {
        self.expected = expected
        self.patience = patience
    }

    /// Counts one arrival and waits for the rest; `true` when all `expected` arrived in time.
    package func arrive() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: patience.inSeconds)
        while arrived < expected, condition.wait(until: deadline) {}
        return arrived >= expected
    }
}
