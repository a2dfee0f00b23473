/// The place a weather service is asked about: the `LOCATION_AVAILABLE` userInfo.
public struct WeatherPlace: Sendable, Hashable {
    public var city: String
    /// For US places the two-letter state code ("LA").
    public var state: String
    /// English country name ("United States").
    public var country: String
    /// ISO 3166-1 alpha-2, uppercased ("US"); empty when unknown.
    public var isoCountryCode: String
    public var postalCode: String?
    public var latitude: Double?
    public var longitude: Double?

    public init(
        city: String, state: String, country: String, isoCountryCode: String = "", postalCode: String? = nil,
        latitude: Double? = nil, longitude: Double? = nil
    ) {
        self.city = city
        self.state = state
        self.country = country
        self.isoCountryCode = isoCountryCode.uppercased()
        self.postalCode = postalCode
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Reads `LOCATION_AVAILABLE` {city, state, country, isoCountryCode, postalCode, latitude,
    /// longitude}; missing keys become empty strings or `nil`.
    public init(userInfo: [String: String]) {
        self.init(
            city: userInfo["city"] ?? "", state: userInfo["state"] ?? "", country: userInfo["country"] ?? "",
            isoCountryCode: userInfo["isoCountryCode"] ?? "",
            postalCode: userInfo["postalCode"].flatMap { $0.isEmpty ? nil : $0 },
            latitude: userInfo["latitude"].flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil },
            longitude: userInfo["longitude"].flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil })
    }

    /// Whether the place is in the United States or Canada, where `state` is a postal code.
    var usesStateCode: Bool {
        isoCountryCode == "US" || isoCountryCode == "CA" || (isoCountryCode.isEmpty && country == "United States")
    }

    /// The label events carry: "City, ST" in the US and Canada (as the original app showed),
    /// "City, Country" elsewhere ("Osaka, Japan"); whatever part is known when one is missing.
    public var label: String {
        let second = usesStateCode ? state : (country.isEmpty ? state : country)
        switch (city.isEmpty, second.isEmpty) {
        case (false, false): return "\(city), \(second)"
        case (false, true): return city
        case (true, false): return second
        case (true, true): return country
        }
    }

    /// The coordinate, when both halves are known and in range.
    var coordinate: (latitude: Double, longitude: Double)? {
        guard let latitude, let longitude, (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            return nil
        }
        return (latitude, longitude)
    }
}
