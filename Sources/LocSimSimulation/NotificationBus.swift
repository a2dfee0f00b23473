import LocSimSupport

/// An in-process notification bus in the manner of `NotificationCenter`, but delivery is
/// synchronous and in **registration order** on every platform. Thread-safe; observers may post
/// (re-entrantly) and may add or remove observers while a post is being delivered.
public final class NotificationBus: Sendable {
    /// Identifies a registration; pass it to ``removeObserver(_:)``.
    public struct Token: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    public typealias Observer = @Sendable (BusNotification) -> Void

    private struct Registration {
        var id: UInt64
        var name: NotificationName?
        var observer: Observer
    }

    private struct State {
        var nextID: UInt64 = 0
        var registrations: [Registration] = []
    }

    // Guards the registration list; observers are called outside the lock.
    private let state = Locked(State())

    public init() {}

    /// Registers `observer` for notifications named `name`, or for every notification when
    /// `name` is `nil` (a transcript observer). Observers are called in registration order.
    @discardableResult
    public func addObserver(for name: NotificationName?, _ observer: @escaping Observer) -> Token {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.registrations.append(Registration(id: id, name: name, observer: observer))
            return Token(id: id)
        }
    }

    /// Removes a registration. Removing twice is harmless.
    public func removeObserver(_ token: Token) {
        state.withLock { state in state.registrations.removeAll { $0.id == token.id } }
    }

    /// Delivers `notification` synchronously to every matching observer, in registration order.
    /// An observer removed during delivery is not called afterwards.
    public func post(_ notification: BusNotification) {
        let snapshot = state.withLock { $0.registrations }
        for registration in snapshot where registration.name == nil || registration.name == notification.name {
            let stillRegistered = state.withLock { state in
                state.registrations.contains { $0.id == registration.id }
            }
            if stillRegistered { registration.observer(notification) }
        }
    }

    /// Posts a notification built from a name and userInfo.
    public func post(_ name: NotificationName, _ userInfo: [String: String] = [:]) {
        post(BusNotification(name: name, userInfo: userInfo))
    }
}
