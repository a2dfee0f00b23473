/// Which names a geocoded place carries in `LOCATION_AVAILABLE` (`--placemark`).
public enum PlacemarkNaming: String, Sendable, Hashable, CaseIterable {
    /// CLGeocoder's CLPlacemark fields only (the default): `city`, `state`, `country`, ….
    case clgeocoder
    /// Also iOS 26's `MKAddressRepresentations` names, since CLGeocoder is deprecated there:
    /// `cityName`, `cityWithContext` ("Franklin, LA"; "Paris, France") and `regionName` (the
    /// country: "United States"). See docs/geocoding.md "MapKit names".
    case mapkit
}
