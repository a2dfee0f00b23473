/// `CLLocationManager.desiredAccuracy`: what the app asks for, and the radius of the accuracy model.
public enum DesiredAccuracy: Sendable, Hashable {
    /// `kCLLocationAccuracyBestForNavigation` (−2).
    case bestForNavigation
    /// `kCLLocationAccuracyBest` (−1).
    case best
    /// `kCLLocationAccuracyNearestTenMeters` (10).
    case nearestTenMeters
    /// `kCLLocationAccuracyHundredMeters` (100).
    case hundredMeters
    /// `kCLLocationAccuracyKilometer` (1000).
    case kilometer
    /// `kCLLocationAccuracyThreeKilometers` (3000).
    case threeKilometers
    /// `kCLLocationAccuracyReduced` (approximate location), modelled as 5000 m.
    case reduced
    /// A number of metres (> 0).
    case metres(Double)

    /// The default, `kilometer`.
    public static let `default` = DesiredAccuracy.kilometer

    /// Parses a command-line value: `best-for-navigation`, `best`, `nearest-ten-meters`,
    /// `hundred-meters`, `kilometer`, `three-kilometers`, `reduced`, or a positive finite number of
    /// metres.
    public init?(argument: String) {
        switch argument {
        case "best-for-navigation": self = .bestForNavigation
        case "best": self = .best
        case "nearest-ten-meters": self = .nearestTenMeters
        case "hundred-meters": self = .hundredMeters
        case "kilometer": self = .kilometer
        case "three-kilometers": self = .threeKilometers
        case "reduced": self = .reduced
        default:
            guard let metres = Double(argument), metres.isFinite, metres > 0 else { return nil }
            self = .metres(metres)
        }
    }

    /// The command-line spelling (numbers in Swift's shortest form).
    public var argument: String {
        switch self {
        case .bestForNavigation: "best-for-navigation"
        case .best: "best"
        case .nearestTenMeters: "nearest-ten-meters"
        case .hundredMeters: "hundred-meters"
        case .kilometer: "kilometer"
        case .threeKilometers: "three-kilometers"
        case .reduced: "reduced"
        case .metres(let metres): metres == metres.rounded() && metres < 1e15 ? String(Int(metres)) : String(metres)
        }
    }

    /// The `CLLocationAccuracy` value an app would set (−2, −1, 10, 100, 1000, 3000; `reduced`
    /// as its modelled 5000; metres as given).
    public var coreLocationValue: Double {
        switch self {
        case .bestForNavigation: -2
        case .best: -1
        default: radius
        }
    }

    /// The accuracy model's radius in metres: reported positions lie within it and
    /// `horizontalAccuracy` reports it. `best` and `best-for-navigation` are 5 m (a good GPS fix).
    public var radius: Double {
        switch self {
        case .bestForNavigation, .best: 5
        case .nearestTenMeters: 10
        case .hundredMeters: 100
        case .kilometer: 1000
        case .threeKilometers: 3000
        case .reduced: 5000
        case .metres(let metres): metres
        }
    }
}
