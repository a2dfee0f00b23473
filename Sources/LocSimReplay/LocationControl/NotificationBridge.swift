public import Foundation
public import LocSimSimulation
import LocSimSupport

/// Connects a `NotificationCenter` to a ``NotificationBus``, both ways, for the notifications
/// the seed's app uses (``names``): a post on the center with a `[String: String]` userInfo is
/// posted on the bus, and a post on the bus is posted on the center (`object` nil), so
/// observers written the seed's way (`addObserver(forName:object:queue:using:)`) run during a
/// replay. A notification crossing one way is not sent back.
///
/// A center post whose userInfo is not `[String: String]` is forwarded with its string values
/// only. Call ``stop()`` to disconnect.
public final class NotificationBridge: Sendable {
    /// The names that cross: the seed app's and the services' notifications.
    public static let names: [NotificationName] = [
        .locationAvailable, .advisoryAvailable, .advisoryUpdated, .advisoryCancelled, .noAdvisory,
        .umbrellaJudgement, .conditionsAvailable, .providerError, .push,
    ]

    /// The center.
    public let center: NotificationCenter
    private let bus: NotificationBus
    /// The notifications being forwarded now (nested: a forwarded post's observers post too).
    private let inFlight = Locked<[BusNotification]>([])
    private let tokens: Locked<(center: [CenterToken], bus: [NotificationBus.Token])>

    /// Bridges `center` and `bus` for `names`.
    public init(center: NotificationCenter, bus: NotificationBus, names: [NotificationName] = NotificationBridge.names)
    {
        self.center = center
        self.bus = bus
        tokens = Locked(([], []))
        for name in names {
            let centerToken = center.addObserver(forName: Notification.Name(name.rawValue), object: nil, queue: nil) {
                [weak self] notification in
                var userInfo: [String: String] = [:]
                for case (let key as String, let value as String) in notification.userInfo ?? [:] {
                    userInfo[key] = value
                }
                let crossing = BusNotification(name: name, userInfo: userInfo)
                self?.forward(crossing) { bus.post(crossing) }
            }
            let busToken = bus.addObserver(for: name) { [weak self] notification in
                self?.forward(notification) {
                    center.post(name: Notification.Name(name.rawValue), object: nil, userInfo: notification.userInfo)
                }
            }
            tokens.withLock {
                $0.center.append(CenterToken(token: centerToken))
                $0.bus.append(busToken)
            }
        }
    }

    /// Runs `post` for `notification` unless it is the echo of one being forwarded.
    private func forward(_ notification: BusNotification, _ post: () -> Void) {
        let echo = inFlight.withLock { inFlight in
            if inFlight.contains(notification) { return true }
            inFlight.append(notification)
            return false
        }
        guard !echo else { return }
        post()
        inFlight.withLock { inFlight in
            if let index = inFlight.lastIndex(of: notification) { inFlight.remove(at: index) }
        }
    }

    /// Disconnects the center and the bus.
    public func stop() {
        let (centerTokens, busTokens) = tokens.withLock { tokens in
            defer { tokens = ([], []) }
            return (tokens.center, tokens.bus)
        }
        for token in centerTokens { center.removeObserver(token.token) }
        for token in busTokens { bus.removeObserver(token) }
    }

    deinit { stop() }
}

/// A `NotificationCenter` observer token. `@unchecked Sendable`: it is only stored under the
/// bridge's `tokens` lock and handed to `removeObserver(_:)`, which is thread-safe.
struct CenterToken: @unchecked Sendable {
    let token: any NSObjectProtocol
}
