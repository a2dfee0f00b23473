/// A value behind a lock, for state shared between threads: the package's stand-in for
/// `Synchronization.Mutex`, which needs iOS 18 / macOS 15 while the library products support
/// iOS 16 / macOS 13. Same shape as `Mutex` (`init(_:)`, `withLock(_:)`), on a `pthread_mutex_t`
/// on every platform.
///
/// ```swift
/// let seen = Locked<[String]>([])
/// seen.withLock { $0.append("https://api.weather.gov/alerts") }
/// ```
///
/// Like `Mutex` it is `Sendable` whatever `Value` is: values cross the lock only as `sending`.
/// `@unchecked Sendable`: `value` is touched only while `mutex` is held.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock around `initialValue`.
    package init(_ initialValue: sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        value = initialValue
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock, and returns what `body` returns.
    /// Not reentrant: calling `withLock` on the same lock inside `body` deadlocks.
    package func withLock<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
