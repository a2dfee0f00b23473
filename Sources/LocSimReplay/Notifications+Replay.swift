import LocSimCanonicalJSON
public import LocSimGeocoding
public import LocSimLocationCore
public import LocSimSimulation

extension BusNotification {
    /// The app's `LOCATION_AVAILABLE` after a successful reverse geocode: {city, state, country}
    /// as CLGeocoder names them, plus the ISO country code, the postal code when the geocoder knows
    /// it, and the fix it was made for; with `naming` `.mapkit` also `cityName`, `cityWithContext`
    /// and `regionName` (``AddressRepresentations``).
    public static func locationAvailable(
        _ placemark: Placemark, at coordinate: Coordinate, naming: PlacemarkNaming = .clgeocoder
    ) -> BusNotification {
        var info = [
            "city": placemark.locality ?? placemark.name ?? "",
            "state": placemark.administrativeArea ?? "",
            "country": placemark.country ?? "",
            "latitude": formatFixed(coordinate.latitude, decimals: 6),
            "longitude": formatFixed(coordinate.longitude, decimals: 6),
        ]
        if let iso = placemark.isoCountryCode { info["isoCountryCode"] = iso }
        // The Google provider asks by ZIP code when the geocoder knows it (Nominatim does).
        if let postalCode = placemark.postalCode, !postalCode.isEmpty { info["postalCode"] = postalCode }
        if naming == .mapkit {
            let names = AddressRepresentations(placemark)
            if let cityName = names.cityName { info["cityName"] = cityName }
            if let cityWithContext = names.cityWithContext { info["cityWithContext"] = cityWithContext }
            if let regionName = names.regionName { info["regionName"] = regionName }
        }
        return BusNotification(name: .locationAvailable, userInfo: info)
    }
}
