import Foundation

/// A value behind an `NSLock`, for the location-control types: the shape of
/// `Synchronization.Mutex` (`init(_:)`, `withLock(_:)`) without its iOS 18 / macOS 15 floor.
///
/// `@unchecked Sendable`: `value` is touched only while `lock` is held. Not reentrant.
package final class GuardedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock.
    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
