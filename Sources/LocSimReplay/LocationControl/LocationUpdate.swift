public import LocSimLocationCore

/// One update of a location stream, in the spirit of `CLLocationUpdate` (iOS 17/18): a location
/// when the engine delivers one, else the diagnostic that explains why there is none.
///
/// locsim's engine makes one ``LocationUpdate`` per `location` it delivers (``location`` set,
/// ``accuracyLimited`` while Precise Location is off), and one when updates cannot start or
/// stop: `denied` or `restricted` authorization (``authorizationDenied``, with
/// ``authorizationDeniedGlobally`` when Location Services are off), `notDetermined`
/// (``authorizationRequestInProgress``), or a `didFailWithError` it models
/// (``locationUnavailable``). `SimulatedDevice.liveUpdates(_:)` sets ``insufficientlyInUse``
/// (and ``serviceSessionRequired`` without a session) when a when-in-use app's updates stop in
/// the background. The flags are `CLLocationUpdate`'s (iOS 18), ``isStationary`` and
/// ``stationary`` both.
public struct LocationUpdate: Sendable, Hashable {
    /// The delivered location with every field the engine computes (coordinate, accuracies,
    /// altitude, speed, course, timestamps); `nil` for a diagnostic-only update.
    public var location: Location?
    /// `CLLocationUpdate.isStationary`: the delivered location's speed is 0 (the device rests).
    public var isStationary: Bool
    /// `stationary` (iOS 18's name of ``isStationary``).
    public var stationary: Bool { isStationary }
    /// `authorizationDenied`: the app is `denied` or `restricted`; no location follows.
    public var authorizationDenied: Bool
    /// `authorizationRestricted`: the app is `restricted` (``authorizationDenied`` is set too).
    public var authorizationRestricted: Bool
    /// `authorizationDeniedGlobally`: denied because Location Services are off device-wide.
    public var authorizationDeniedGlobally: Bool
    /// `accuracyLimited`: the location is approximate (Precise Location is off).
    public var accuracyLimited: Bool
    /// `authorizationRequestInProgress`: the status is `notDetermined`; no location follows.
    public var authorizationRequestInProgress: Bool
    /// `insufficientlyInUse`: When-In-Use authorization while the app is not in use.
    public var insufficientlyInUse: Bool
    /// `locationUnavailable`: the engine reported an error other than a denial.
    public var locationUnavailable: Bool
    /// `serviceSessionRequired`: updates stopped for want of a service session (a when-in-use
    /// app in the background holds none requiring `whenInUse` or `always`).
    public var serviceSessionRequired: Bool

    public init(
        location: Location?, isStationary: Bool = false, authorizationDenied: Bool = false,
        authorizationRequestInProgress: Bool = false, insufficientlyInUse: Bool = false,
        locationUnavailable: Bool = false, authorizationDeniedGlobally: Bool = false, accuracyLimited: Bool = false,
        authorizationRestricted: Bool = false, serviceSessionRequired: Bool = false
    ) {
        self.location = location
        self.authorizationRestricted = authorizationRestricted
        self.serviceSessionRequired = serviceSessionRequired
        self.authorizationDeniedGlobally = authorizationDeniedGlobally
        self.accuracyLimited = accuracyLimited
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
            case .denied: self.init(location: nil, authorizationDenied: true)
            case .restricted: self.init(location: nil, authorizationDenied: true, authorizationRestricted: true)
            case .notDetermined: self.init(location: nil, authorizationRequestInProgress: true)
            case .authorizedAlways, .authorizedWhenInUse: return nil
            }
        case .error(let code, _):
            guard code != EngineEvent.deniedCode else { return nil }
            self.init(location: nil, locationUnavailable: true)
        }
    }

    /// ``init(_:)`` with what `engine`'s state adds: ``accuracyLimited`` on a location while
    /// Precise Location is off, ``authorizationDeniedGlobally`` on a denial while Location
    /// Services are off.
    package init?(_ event: EngineEvent, in engine: LocationEngine) {
        self.init(event)
        if location != nil { accuracyLimited = engine.accuracyAuthorization == .reducedAccuracy }
        if authorizationDenied { authorizationDeniedGlobally = !engine.locationServicesEnabled }
    }
}
