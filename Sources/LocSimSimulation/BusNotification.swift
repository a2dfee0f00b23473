/// A notification name, like `Notification.Name`: `LOCATION_AVAILABLE`, `ADVISORY_AVAILABLE`, …
public struct NotificationName: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
}

extension NotificationName {
    /// CLLocationManagerDelegate `didChangeAuthorization`: {status, name, + accuracyAuthorization,
    /// locationServicesEnabled when not at their defaults}.
    public static let authorization: NotificationName = "authorization"
    /// The app moved to the background or back (a scripted event): {state: background|active}.
    public static let applicationState: NotificationName = "application_state"
    /// `didUpdateLocations`, one per delivered fix: {latitude, longitude, horizontalAccuracy, …}.
    public static let location: NotificationName = "location"
    /// `didFailWithError`: {code, message}.
    public static let locationError: NotificationName = "location_error"
    /// A reverse geocode that failed: {code, message} (CLError codes).
    public static let geocodeFailed: NotificationName = "geocode_failed"
    /// The app's own notification after a successful reverse geocode: {city, state, country, …}.
    public static let locationAvailable: NotificationName = "LOCATION_AVAILABLE"
    /// A weather advisory for a place: {location, name, body, provider, …}.
    public static let advisoryAvailable: NotificationName = "ADVISORY_AVAILABLE"
    /// A CAP `Update` of an advisory already posted: the `ADVISORY_AVAILABLE` keys + `updates`
    /// (the id of the first posted message of the alert).
    public static let advisoryUpdated: NotificationName = "ADVISORY_UPDATED"
    /// A CAP `Cancel`: {location, provider, id, name, cancels, …}; never pushed.
    public static let advisoryCancelled: NotificationName = "ADVISORY_CANCELLED"
    /// A provider answered that there is no advisory: {location, provider, + reason}.
    public static let noAdvisory: NotificationName = "no_advisory"
    /// The umbrella rule's verdict: {location, maxPop, judgement}.
    public static let umbrellaJudgement: NotificationName = "UMBRELLA_JUDGEMENT"
    /// Current conditions or a forecast: {location, condition, temperature, high, low, …}.
    public static let conditionsAvailable: NotificationName = "CONDITIONS_AVAILABLE"
    /// A provider failed: {provider, code, message}.
    public static let providerError: NotificationName = "provider_error"
    /// A push the controller sent: {alert, sound, payload}.
    public static let push: NotificationName = "push"
}

/// A posted notification: a name and a string userInfo, like `Notification`.
public struct BusNotification: Sendable, Hashable {
    public var name: NotificationName
    public var userInfo: [String: String]

    public init(name: NotificationName, userInfo: [String: String] = [:]) {
        self.name = name
        self.userInfo = userInfo
    }
}
