extension LocationEngine {
    /// `authorizationStatus` as CoreLocation reports it: the app's, or `denied` while Location
    /// Services are off (Apple: the status returns to the app's when they are turned on again).
    public var authorizationStatus: AuthorizationStatus { locationServicesEnabled ? appAuthorization : .denied }

    /// Whether locations reach the app in the current state: authorized, and not `when-in-use`
    /// in the background without a service session (Apple: when-in-use receives location events
    /// "only when your app is in use"; a replay's app holds no session, see
    /// ``holdServiceSession(_:)``).
    package var deliversUpdates: Bool {
        let status = authorizationStatus
        return status.isAuthorized
            && !(status == .authorizedWhenInUse && applicationState == .background && !holdsServiceSession)
    }

    /// The app now holds (`true`) or no longer holds a service session that keeps it in use in
    /// the background: updates stop or resume from here as ``apply(_:at:)`` says. Reports nothing.
    package mutating func holdServiceSession(_ held: Bool) {
        holdsServiceSession = held
        updateDeliveries()
    }

    /// Plays `kind` at instant `t` (between the calls of its instant's neighbours, in time order);
    /// returns what the app's delegate is told then.
    ///
    /// - `authorization` (`locationManagerDidChangeAuthorization`) when `authorizationStatus` or
    ///   ``accuracyAuthorization`` changes, and after it `error(code: 1)` (`CLError.denied`) when
    ///   the status becomes `denied` or `restricted`. Location Services off reports `denied`
    ///   (``locationServicesEnabled`` `false`); on again, the app's status returns.
    /// - Updates stop while `deliversUpdates` is `false` (a deferred significant change is
    ///   dropped) and resume when it is `true` again: the first fix after that is delivered, as
    ///   after `start`. Fixes in between still draw their error, so a fix's reported position
    ///   does not depend on the events before it.
    /// - Precise Location off sets the accuracy model's radius to `DesiredAccuracy.reduced`'s
    ///   (5000 m; the noise generator continues) from `t`; on restores the configuration's.
    /// - `background` / `foreground` change ``applicationState``; they report nothing themselves.
    ///
    /// Before ``start(at:)`` the state changes and nothing is reported (the start reports it);
    /// after ``finish(at:)`` nothing changes.
    public mutating func apply(_ kind: DriveEvent.Kind, at t: Double) -> [EngineEvent] {
        guard phase != .stopped else { return [] }
        let before = (status: authorizationStatus, accuracy: accuracyAuthorization)
        switch kind {
        case .authorizationChanged(let status): appAuthorization = status
        case .preciseLocation(let on): setAccuracyAuthorization(on ? .fullAccuracy : .reducedAccuracy)
        case .background: applicationState = .background
        case .foreground: applicationState = .active
        case .locationServices(let enabled): locationServicesEnabled = enabled
        }
        guard phase != .idle else { return [] }
        var events: [EngineEvent] = []
        let status = authorizationStatus
        if status != before.status || accuracyAuthorization != before.accuracy {
            events.append(.authorization(status))
        }
        if status != before.status, status == .denied || status == .restricted {
            events.append(.error(code: EngineEvent.deniedCode, message: EngineEvent.deniedMessage))
        }
        updateDeliveries()
        return events
    }

    /// Stops or resumes deliveries for ``deliversUpdates`` (while started).
    private mutating func updateDeliveries() {
        if phase == .running, !deliversUpdates {
            phase = .suspended
            anchor = nil
            nextDeadline = nil
            latest = nil
        } else if phase == .suspended, deliversUpdates {
            phase = .running
        }
    }

    /// A fix while started but delivering nothing: its error is drawn (the generator stays in
    /// step), nothing is delivered.
    mutating func ingestSuspended(_ raw: RawFix) -> [EngineEvent] {
        if phase == .suspended { _ = accuracy.draw(at: raw.t) }
        return []
    }

    private mutating func setAccuracyAuthorization(_ value: AccuracyAuthorization) {
        guard value != accuracyAuthorization else { return }
        accuracyAuthorization = value
        let radius = value == .reducedAccuracy ? DesiredAccuracy.reduced.radius : configuration.accuracyRadius
        accuracy = accuracy.withRadius(radius)
        updateLazyBounds()
    }
}
