/// iOS 26's `MKAddressRepresentations` names for a placemark (`--placemark mapkit`), as an app
/// on a device set to the United States (English) would read them.
///
/// - `cityName`: the locality ("New York", also for a point in Manhattan).
/// - `cityWithContext`: the city with the context `.automatic` adds for that device: the
///   two-letter state for a US place ("Franklin, LA"), the country elsewhere ("Paris, France").
/// - `regionName`: the country ("United States"): MapKit's "region" is the country or region,
///   not the state.
///
/// Nil fields are those the placemark cannot give (no locality, no country).
public struct AddressRepresentations: Sendable, Hashable {
    public var cityName: String?
    public var cityWithContext: String?
    public var regionName: String?

    /// The names for `placemark`.
    public init(_ placemark: Placemark) {
        cityName = placemark.locality ?? placemark.name
        regionName = placemark.country
        let context = placemark.isoCountryCode == "US" ? placemark.administrativeArea : placemark.country
        cityWithContext = cityName.map { city in context.map { "\(city), \($0)" } ?? city }
    }
}
