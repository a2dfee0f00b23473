import LocSimLocationCore
public import LocSimSimulation

extension MapScene {
    /// Adds what a transcript line shows on a map; other events are ignored.
    ///
    /// - `location` {latitude, longitude, horizontalAccuracy}: a delivered fix.
    /// - `LOCATION_AVAILABLE` {city, state, latitude, longitude}: a place label (at the last fix
    ///   when the coordinates are missing).
    /// - `geocode_failed` {code}: a mark at the last delivered fix.
    /// - `ADVISORY_AVAILABLE` {location, name}: a marker at the last place.
    /// - `push` {alert}: a marker at the last place.
    /// - `location_error` {code, message}: a mark at the last fix (else the first track point),
    ///   and noted in the caption.
    /// - `region_error` {identifier, code, message}: a mark like a location error.
    /// - `provider_error` {provider, code, message}: a mark at the last place (else the last fix).
    ///
    /// Lines with unusable coordinates are skipped.
    public mutating func add(_ line: TranscriptLine) {
        let info = line.notification.userInfo
        switch line.notification.name {
        case .location:
            guard let coordinate = Self.coordinate(info) else { return }
            let accuracy = info["horizontalAccuracy"].flatMap(Double.init) ?? 0
            addFix(coordinate, horizontalAccuracy: accuracy.isFinite && accuracy > 0 ? accuracy : 0, t: line.t)
        case .locationAvailable:
            let city = info["city"] ?? ""
            let state = info["state"] ?? ""
            let name = city.isEmpty || state.isEmpty ? city : "\(city), \(state)"
            addPlace(Self.coordinate(info), name: name, t: line.t)
        case .geocodeFailed:
            addGeocodeFailure(code: info["code"] ?? "?", t: line.t)
        case .advisoryAvailable:
            addAdvisory(location: info["location"] ?? "", name: info["name"] ?? "", t: line.t)
        case .push:
            addPush(alert: info["alert"] ?? "", t: line.t)
        case .locationError:
            addLocationError(code: info["code"] ?? "?", message: info["message"] ?? "", t: line.t)
        case .providerError:
            addProviderError(
                provider: info["provider"] ?? "", code: info["code"] ?? "?", message: info["message"] ?? "", t: line.t)
        case Self.regionError:
            addRegionError(
                identifier: info["identifier"] ?? "", code: info["code"] ?? "?", message: info["message"] ?? "",
                t: line.t)
        default:
            return
        }
    }

    /// `region_error`, posted by the replay's region monitor (no constant in `LocSimSimulation`).
    static let regionError: NotificationName = "region_error"

    static func coordinate(_ info: [String: String]) -> Coordinate? {
        guard let latitude = info["latitude"].flatMap(Double.init),
            let longitude = info["longitude"].flatMap(Double.init)
        else { return nil }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        return coordinate.isValid ? coordinate : nil
    }
}
