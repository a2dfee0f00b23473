public import Foundation
public import LocSimLocationCore
import LocSimSupport

/// The embedded offline reverse geocoder: GeoNames cities1000 with the ``MunicipalityRule``.
///
/// The data file is mapped on the first lookup (or by ``load()``), once, whichever thread gets
/// there first; copies of a value share the loaded data. A point farther than ``maxDistance``
/// from every place (open sea, ice caps) fails with `geocodeFoundNoResult` (code 8), where
/// CLGeocoder sometimes names an ocean.
public struct OfflineGazetteer: ReverseGeocoder {
    /// Default ``maxDistance``: 100 km.
    public static let defaultMaxDistance = 100_000.0

    /// Beyond this distance (metres) from the nearest place there is no result.
    public var maxDistance: Double
    private let loader: GazetteerLoader

    /// The gazetteer bundled with locsim (`Resources/gazetteer.bin`).
    public init(maxDistance: Double = Self.defaultMaxDistance) {
        self.init(
            loader: GazetteerLoader(url: Bundle.module.url(forResource: "gazetteer", withExtension: "bin")),
            maxDistance: maxDistance)
    }

    /// A gazetteer read from `url` (a file written by `scripts/make-gazetteer.py`).
    public init(contentsOf url: URL, maxDistance: Double = Self.defaultMaxDistance) {
        self.init(loader: GazetteerLoader(url: url), maxDistance: maxDistance)
    }

    private init(loader: GazetteerLoader, maxDistance: Double) {
        self.loader = loader
        self.maxDistance = maxDistance
    }

    /// Loads the data now if it is not loaded yet, and returns it. Call it at start-up to fail
    /// early on a broken file; a failure is remembered and thrown again.
    public func load() throws(GazetteerError) -> Gazetteer {
        try loader.gazetteer()
    }

    /// The placemark for `coordinate` (see ``MunicipalityRule``). Fails with code 8 for an invalid
    /// coordinate or one beyond ``maxDistance``, and with code 2 when the data cannot be loaded or
    /// a reference in it is bad.
    public func reverseGeocode(_ coordinate: Coordinate) throws(GeocodeError) -> Placemark {
        let gazetteer: Gazetteer
        do {
            gazetteer = try loader.gazetteer()
        } catch {
            throw GeocodeError(
                code: GeocodeError.networkCode, message: "offline gazetteer unavailable: \(error.message)")
        }
        guard coordinate.isValid else {
            throw GeocodeError(
                code: GeocodeError.noResultCode,
                message: "invalid coordinate \(coordinate.latitude), \(coordinate.longitude)")
        }
        guard let match = gazetteer.match(coordinate) else { throw Self.corrupt(gazetteer) }
        guard match.nearestDistance <= maxDistance else {
            throw GeocodeError(
                code: GeocodeError.noResultCode,
                message:
                    "no place within \(Int(maxDistance.rounded())) m of \(coordinate.latitude), \(coordinate.longitude)"
            )
        }
        guard let placemark = gazetteer.placemark(for: match) else { throw Self.corrupt(gazetteer) }
        return placemark
    }

    private static func corrupt(_ gazetteer: Gazetteer) -> GeocodeError {
        GeocodeError(
            code: GeocodeError.networkCode,
            message: "offline gazetteer unavailable: \(gazetteer.name): not a valid gazetteer file: bad reference")
    }
}

/// Loads a gazetteer once, on first use, from any thread.
private final class GazetteerLoader: Sendable {
    private let url: URL?
    // Guards the one-time load; the loaded Gazetteer is immutable and used outside the lock.
    private let state = Locked<Result<Gazetteer, GazetteerError>?>(nil)

    init(url: URL?) {
        self.url = url
    }

    func gazetteer() throws(GazetteerError) -> Gazetteer {
        let result = state.withLock { state in
            if let state { return state }
            let loaded: Result<Gazetteer, GazetteerError>
            if let url {
                loaded = Result { () throws(GazetteerError) in try Gazetteer(contentsOf: url) }
            } else {
                loaded = .failure(GazetteerError("gazetteer.bin is missing from the Geocoding resource bundle"))
            }
            state = loaded
            return loaded
        }
        return try result.get()
    }
}
