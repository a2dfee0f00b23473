public import LocSimLocationCore

/// One update of a location stream, in the spirit of `CLLocationUpdate` (iOS 17/18): a location
/// when the engine delivers one, else the diagnostic that explains why there is none.
///
/// locsim's engine makes one ``LocationUpdate`` per `location` it delivers (``location`` set),
/// and one when updates cannot start: `denied` or `restricted` authorization
/// (``authorizationDenied``), `notDetermined` (``authorizationRequestInProgress``), or a
/// `didFailWithError` it models (``locationUnavailable``). The replayed app is in use, so
/// ``insufficientlyInUse`` is never set by the engine; it is there for code that reads it.
public struct LocationUpdate: Sendable, Hashable {
    /// The delivered location with every field the engine computes (coordinate, accuracies,
    /// altitude, speed, course, timestamps); `nil` for a diagnostic-only update.
    public var location: Location?
    /// `CLLocationUpdate.isStationary`: the delivered location's speed is 0 (the device rests).
    public var isStationary: Bool
    /// `authorizationDenied`: the app is `denied` or `restricted`; no location follows.
    public var authorizationDenied: Bool
    /// `authorizationRequestInProgress`: the status is `notDetermined`; no location follows.
    public var authorizationRequestInProgress: Bool
    /// `insufficientlyInUse`: When-In-Use authorization while the app is not in use.
    public var insufficientlyInUse: Bool
    /// `locationUnavailable`: the engine reported an error other than a denial.
    public var locationUnavailable: Bool

    public init(
        location: Location?, isStationary: Bool = false, authorizationDenied: Bool = false,
        authorizationRequestInProgress: Bool = false, insufficientlyInUse: Bool = false,
        locationUnavailable: Bool = false
    ) {
        self.location = location
        self.isStationary = isStationary
        self.authorizationDenied = authorizationDenied
        self.authorizationRequestInProgress = authorizationRequestInProgress
        self.insufficientlyInUse = insufficientlyInUse
        self.locationUnavailable = locationUnavailable
    }

    /// The update a delivered `location` makes.
    public init(_ location: Location) {
        self.init(location: location, isStationary: location.speed == 0)
    }

    /// The update one engine event makes, or `nil` for an event that makes none (an authorized
    /// status, and the denial error, which the `denied` update already reports).
    public init?(_ event: EngineEvent) {
        switch event {
        case .location(let location):
            self.init(location)
        case .authorization(let status):
            switch status {
            case .denied, .restricted: self.init(location: nil, authorizationDenied: true)
            case .notDetermined: self.init(location: nil, authorizationRequestInProgress: true)
            case .authorizedAlways, .authorizedWhenInUse: return nil
            }
        case .error(let code, _):
            guard code != EngineEvent.deniedCode else { return nil }
            self.init(location: nil, locationUnavailable: true)
        }
    }
}
