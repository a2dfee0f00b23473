/// Something that happens to the device during a drive, at a virtual instant: the user changes
/// the app's authorization or Precise Location in Settings, turns Location Services off or on,
/// or the app moves to the background or back (`--event T=KIND`, `scenario.json` `events`).
/// ``LocationEngine/apply(_:at:)`` says what CoreLocation then tells the app.
public struct DriveEvent: Sendable, Hashable {
    /// Virtual seconds from the start of the drive (≥ 0, at most the drive's end).
    public var t: Double
    /// What happens.
    public var kind: Kind

    public init(t: Double, kind: Kind) {
        self.t = t
        self.kind = kind
    }

    /// What happens, named as Settings and UIKit name it.
    public enum Kind: Sendable, Hashable {
        /// The user sets the app's location access (Settings › Privacy › Location Services ›
        /// the app): `authorization-always`, `-when-in-use`, `-denied`, `-restricted`,
        /// `-not-determined`.
        case authorizationChanged(AuthorizationStatus)
        /// The app's Precise Location switch: `precise-location-on` / `precise-location-off`
        /// (`accuracyAuthorization` `fullAccuracy` / `reducedAccuracy`).
        case preciseLocation(on: Bool)
        /// `UIApplication.didEnterBackgroundNotification`: `background`.
        case background
        /// `UIApplication.willEnterForegroundNotification`: `foreground`.
        case foreground
        /// The device-wide Location Services switch: `location-services-on` /
        /// `location-services-off` (`CLLocationManager.locationServicesEnabled()`).
        case locationServices(enabled: Bool)

        /// Every kind, in documentation order.
        public static let allCases: [Kind] =
            AuthorizationStatus.allCases.sorted { $0.documentationOrder < $1.documentationOrder }.map {
                .authorizationChanged($0)
            } + [
                .preciseLocation(on: false), .preciseLocation(on: true), .background, .foreground,
                .locationServices(enabled: false), .locationServices(enabled: true),
            ]

        /// Every kind's spelling (``argument``), in documentation order.
        public static let names = allCases.map(\.argument)

        /// Parses the spelling of ``argument``.
        public init?(argument: String) {
            guard let kind = Self.allCases.first(where: { $0.argument == argument }) else { return nil }
            self = kind
        }

        /// The command-line and `scenario.json` spelling (`authorization-denied`, `background`, …).
        public var argument: String {
            switch self {
            case .authorizationChanged(let status): "authorization-" + status.argument
            case .preciseLocation(let on): on ? "precise-location-on" : "precise-location-off"
            case .background: "background"
            case .foreground: "foreground"
            case .locationServices(let enabled): enabled ? "location-services-on" : "location-services-off"
            }
        }
    }
}

extension DriveEvent {
    /// Parses `T=KIND` (`120=authorization-denied`): T seconds, finite and ≥ 0.
    public init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), let t = Double(argument[..<equals]), t.isFinite, t >= 0,
            let kind = Kind(argument: String(argument[argument.index(after: equals)...]))
        else { return nil }
        self.init(t: t, kind: kind)
    }

    /// `T=KIND`, T in Swift's shortest form (`120`, `90.5`).
    public var argument: String {
        let time = t == t.rounded() && t < 1e15 ? String(Int(t)) : String(t)
        return time + "=" + kind.argument
    }
}

extension AuthorizationStatus {
    /// `--authorization`'s order: always, when-in-use, denied, restricted, not-determined.
    fileprivate var documentationOrder: Int {
        switch self {
        case .authorizedAlways: 0
        case .authorizedWhenInUse: 1
        case .denied: 2
        case .restricted: 3
        case .notDetermined: 4
        }
    }
}
