import LocSimCanonicalJSON
public import LocSimLocationCore
public import LocSimSimulation
import LocSimSupport

extension BusNotification {
    /// The `location` event of a delivered fix, what a CLLocation carries: coordinates with 6
    /// decimals, `horizontalAccuracy` in metres, `altitude` (1 decimal, when the track has
    /// `<ele>`) and `verticalAccuracy` (−1 without it), `speed` (2 decimals) and `speedAccuracy`,
    /// `course` (1 decimal) and `courseAccuracy` (each −1 when invalid), and `timestamp`
    /// (ISO 8601, always: ``FixClock``).
    public static func location(_ location: Location) -> BusNotification {
        var info = [
            "latitude": formatFixed(location.coordinate.latitude, decimals: 6),
            "longitude": formatFixed(location.coordinate.longitude, decimals: 6),
            "horizontalAccuracy": decimalMetres(location.horizontalAccuracy),
            "verticalAccuracy": decimalMetres(location.verticalAccuracy),
            "speed": location.speed.map { formatFixed($0, decimals: 2) } ?? "-1",
            "speedAccuracy": decimalMetres(location.speedAccuracy),
            "course": location.course.map { formatFixed(Self.courseDegrees($0), decimals: 1) } ?? "-1",
            "courseAccuracy": decimalMetres(location.courseAccuracy),
        ]
        if let altitude = location.altitude { info["altitude"] = formatFixed(altitude, decimals: 1) }
        if let iso = ISO8601Timestamp.format(epochSeconds: location.timestampDate) { info["timestamp"] = iso }
        return BusNotification(name: .location, userInfo: info)
    }

    /// A course rounded to 0.1°, in CLLocation's range 0 up to 360 (exclusive): 359.96° is 0.0°.
    static func courseDegrees(_ course: Double) -> Double {
        let rounded = (course * 10).rounded() / 10
        return rounded >= 360 ? 0 : rounded
    }

    /// Metres as a plain decimal literal, so the transcript writes it as a JSON number: the
    /// shortest form (`1000`, `12.25`) unless that needs an exponent, then rounded to 1 mm.
    static func decimalMetres(_ metres: Double) -> String {
        let shortest = JSONValue.double(metres).compact()
        return shortest.contains(where: { $0 == "e" || $0 == "E" }) ? formatFixed(metres, decimals: 3) : shortest
    }

    /// The first event of a run, and each change a ``DriveEvent`` makes: the authorization
    /// status, as `CLAuthorizationStatus`, plus `accuracyAuthorization: reducedAccuracy` while
    /// Precise Location is off and `locationServicesEnabled: false` while Location Services are
    /// off (neither key at their defaults, `fullAccuracy` and on).
    public static func authorization(
        _ status: AuthorizationStatus, accuracy: AccuracyAuthorization = .fullAccuracy,
        locationServicesEnabled: Bool = true
    ) -> BusNotification {
        var info = ["status": String(status.rawValue), "name": status.name]
        if accuracy != .fullAccuracy { info["accuracyAuthorization"] = accuracy.name }
        if !locationServicesEnabled { info["locationServicesEnabled"] = "false" }
        return BusNotification(name: .authorization, userInfo: info)
    }

    /// ``authorization(_:accuracy:locationServicesEnabled:)`` with `engine`'s state.
    package static func authorization(_ status: AuthorizationStatus, in engine: LocationEngine) -> BusNotification {
        authorization(
            status, accuracy: engine.accuracyAuthorization, locationServicesEnabled: engine.locationServicesEnabled)
    }

    /// A scripted move to the background or back: `application_state` {state: background|active}
    /// (`UIApplication.State`).
    public static func applicationState(_ state: ApplicationState) -> BusNotification {
        BusNotification(name: .applicationState, userInfo: ["state": state.rawValue])
    }
}

extension BusNotification {
    /// A region monitoring event: `region_state` {identifier, state: inside|outside},
    /// `region_enter` / `region_exit` {identifier}, `region_error` {identifier, code, message}.
    public static func region(_ event: RegionEvent) -> BusNotification {
        switch event {
        case .state(let id, let inside):
            BusNotification(
                name: "region_state",
                userInfo: ["identifier": id, "state": inside ? "inside" : "outside"])
        case .enter(let id): BusNotification(name: "region_enter", userInfo: ["identifier": id])
        case .exit(let id): BusNotification(name: "region_exit", userInfo: ["identifier": id])
        case .failed(let id, let code, let message):
            BusNotification(
                name: "region_error", userInfo: ["identifier": id, "code": String(code), "message": message])
        }
    }
}
