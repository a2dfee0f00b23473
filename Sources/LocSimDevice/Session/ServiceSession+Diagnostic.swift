import LocSimLocationCore

extension ServiceSession {
    /// `CLServiceSession.Diagnostic`: its eight flags, each how the device's state falls short
    /// of the session's goal (all `false`: nothing does).
    public struct Diagnostic: Sendable, Hashable {
        /// The session requires `always` and the app has `whenInUse`.
        public var alwaysAuthorizationDenied: Bool
        /// The app is `denied` or `restricted` (Location Services off report `denied`).
        public var authorizationDenied: Bool
        /// Location Services are off device-wide.
        public var authorizationDeniedGlobally: Bool
        /// The status is `notDetermined`: the prompt is waiting.
        public var authorizationRequestInProgress: Bool
        /// The app is `restricted` (``authorizationDenied`` is set too).
        public var authorizationRestricted: Bool
        /// The session has a `fullAccuracyPurposeKey` and Precise Location is off.
        public var fullAccuracyDenied: Bool
        /// A when-in-use app in the background that no held session keeps in use: updates stop.
        public var insufficientlyInUse: Bool
        /// ``insufficientlyInUse``, and no held session requires `whenInUse` or `always`: one
        /// made in the foreground would keep the app in use.
        public var serviceSessionRequired: Bool

        public init(
            alwaysAuthorizationDenied: Bool = false, authorizationDenied: Bool = false,
            authorizationDeniedGlobally: Bool = false, authorizationRequestInProgress: Bool = false,
            authorizationRestricted: Bool = false, fullAccuracyDenied: Bool = false, insufficientlyInUse: Bool = false,
            serviceSessionRequired: Bool = false
        ) {
            self.alwaysAuthorizationDenied = alwaysAuthorizationDenied
            self.authorizationDenied = authorizationDenied
            self.authorizationDeniedGlobally = authorizationDeniedGlobally
            self.authorizationRequestInProgress = authorizationRequestInProgress
            self.authorizationRestricted = authorizationRestricted
            self.fullAccuracyDenied = fullAccuracyDenied
            self.insufficientlyInUse = insufficientlyInUse
            self.serviceSessionRequired = serviceSessionRequired
        }

        /// The diagnostic of a session requiring `authorization` (asking for Precise Location
        /// when `fullAccuracy`) in `engine`'s state; `requiresInUse` whether any held session
        /// requires `whenInUse` or `always`.
        init(
            authorization: AuthorizationRequirement, fullAccuracy: Bool, engine: LocationEngine, requiresInUse: Bool
        ) {
            let status = engine.authorizationStatus
            let insufficientlyInUse =
                status == .authorizedWhenInUse && engine.applicationState == .background && !engine.holdsServiceSession
            self.init(
                alwaysAuthorizationDenied: authorization == .always && status == .authorizedWhenInUse,
                authorizationDenied: status == .denied || status == .restricted,
                authorizationDeniedGlobally: !engine.locationServicesEnabled,
                authorizationRequestInProgress: status == .notDetermined,
                authorizationRestricted: status == .restricted,
                fullAccuracyDenied: fullAccuracy && engine.accuracyAuthorization == .reducedAccuracy,
                insufficientlyInUse: insufficientlyInUse,
                serviceSessionRequired: insufficientlyInUse && !requiresInUse)
        }
    }
}
