public import Foundation
public import LocSimGeocoding
public import LocSimLocationCore

/// `MKMapItem`, as `MKReverseGeocodingRequest` returns it (iOS 26): the place's names in
/// ``address`` and ``addressRepresentations``, from the same ``Placemark`` the CLGeocoder shape
/// gives for the coordinate, so the two APIs name a place alike.
public struct MapItem: Sendable, Hashable {
    /// `name`: the placemark's name (the city for the gazetteer).
    public var name: String?
    /// `address` (`MKAddress`).
    public var address: MapAddress?
    /// `addressRepresentations` (`MKAddressRepresentations`).
    public var addressRepresentations: MapAddressRepresentations?
    /// The coordinate that was geocoded (`location.coordinate`).
    public var coordinate: Coordinate
    /// The placemark the names come from (what `CLGeocoder` would have returned).
    public var placemark: Placemark

    /// The item for `placemark`, found at `coordinate`.
    public init(_ placemark: Placemark, at coordinate: Coordinate) {
        self.placemark = placemark
        self.coordinate = coordinate
        name = placemark.name ?? placemark.locality
        let representations = MapAddressRepresentations(placemark)
        addressRepresentations = representations
        let parts = [placemark.locality ?? placemark.name, placemark.administrativeArea, placemark.country]
            .compactMap { $0 }
        address =
            parts.isEmpty
            ? nil
            : MapAddress(fullAddress: parts.joined(separator: ", "), shortAddress: representations.cityWithContext)
    }
}

/// `MKAddress`: only the two strings Apple gives.
public struct MapAddress: Sendable, Hashable {
    /// `fullAddress`: "Franklin, LA, United States" (city, state or region, country).
    public var fullAddress: String
    /// `shortAddress`: "Franklin, LA" (``MapAddressRepresentations/cityWithContext``).
    public var shortAddress: String?

    public init(fullAddress: String, shortAddress: String?) {
        self.fullAddress = fullAddress
        self.shortAddress = shortAddress
    }
}

/// `MKAddressRepresentations`: city and region names (``AddressRepresentations``, what
/// `--placemark mapkit` adds) and ``region``, the country as a region code.
public struct MapAddressRepresentations: Sendable, Hashable {
    /// `cityName`: the placemark's `locality` ("Franklin").
    public var cityName: String?
    /// `cityWithContext`: "Franklin, LA" in the US, "Osaka, Japan" elsewhere.
    public var cityWithContext: String?
    /// `regionName`: the placemark's `country` ("United States").
    public var regionName: String?
    /// `region`: the placemark's `isoCountryCode` as a `Locale.Region` ("US").
    public var region: Locale.Region?

    /// The representations of `placemark`.
    public init(_ placemark: Placemark) {
        let names = AddressRepresentations(placemark)
        cityName = names.cityName
        cityWithContext = names.cityWithContext
        regionName = names.regionName
        region = placemark.isoCountryCode.map { Locale.Region($0) }
    }
}
