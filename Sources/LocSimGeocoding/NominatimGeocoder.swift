import LocSimCanonicalJSON
public import LocSimHTTPRecording
public import LocSimLocationCore
import LocSimSupport

/// Reverse geocoding with Nominatim (OpenStreetMap): `GET {nominatim}/reverse?format=jsonv2&lat=…
/// &lon=…&zoom=10&addressdetails=1&accept-language=en` with an identifying `User-Agent`
/// (`NOMINATIM_USER_AGENT`), as its usage policy requires.
///
/// `zoom=10` asks for the city level, the granularity LOCATION_AVAILABLE needs; `accept-language=en`
/// gives English country names, as CLGeocoder does for an English device. Coordinates carry at
/// most 6 decimals (trailing zeros trimmed).
///
/// The address maps to CLPlacemark conventions: `locality` = city, town, village, hamlet or
/// municipality; `subLocality` = suburb, neighbourhood, quarter or city district;
/// `administrativeArea` = the two-letter code for US states and Canadian provinces (from
/// `ISO3166-2-lvl4` "US-NY", else a state-name table), the state/province/region name elsewhere;
/// `subAdministrativeArea` = county; `country` as answered; `isoCountryCode` = `country_code`
/// uppercased.
///
/// Failures, as CLGeocoder reports them: `{"error":"Unable to geocode"}` (or an answer without an
/// address) → code 8 (geocodeFoundNoResult); an HTTP error status, a body that is not JSON, or no
/// response at all → code 2 (network).
///
/// The usage policy allows one request per second: ``minimumRequestInterval``. This type does
/// not pace itself; the geocoding session enforces the interval on virtual time.
public struct NominatimGeocoder: ReverseGeocoder {
    /// The time between two requests, Nominatim's usage policy (at most 1 request/s).
    public static let minimumRequestInterval = Duration.seconds(1)
    /// The `nominatim` base URL: the public server.
    public static let endpoint = EndpointDeclaration(
        key: "nominatim", defaultBaseURL: "https://nominatim.openstreetmap.org")
    /// The public server.
    public static var defaultBaseURL: String { endpoint.defaultBaseURL }
    /// The identifying `User-Agent` its usage policy requires, from `NOMINATIM_USER_AGENT` (kept
    /// out of files by value).
    public static let userAgentSecret = SecretDeclaration(variable: "NOMINATIM_USER_AGENT")

    public var client: any HTTPClient
    public var baseURL: String
    public var userAgent: String
    /// Nominatim's `zoom` (10 = city).
    public var zoom: Int

    public init(
        client: any HTTPClient, baseURL: String = NominatimGeocoder.defaultBaseURL, userAgent: String, zoom: Int = 10
    ) {
        var base = Substring(baseURL)
        while base.hasSuffix("/") { base = base.dropLast() }
        self.client = client
        self.baseURL = String(base)
        self.userAgent = userAgent
        self.zoom = zoom
    }

    /// The request for `coordinate`.
    public func request(for coordinate: Coordinate) -> HTTPRequest {
        let query = [
            ("format", "jsonv2"), ("lat", Self.format(coordinate.latitude)), ("lon", Self.format(coordinate.longitude)),
            ("zoom", String(zoom)), ("addressdetails", "1"), ("accept-language", "en"),
        ]
        let url = baseURL + "/reverse?" + query.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        return HTTPRequest(url: url, headers: ["User-Agent": userAgent, "Accept": "application/json"])
    }

    public func reverseGeocode(_ coordinate: Coordinate) throws(GeocodeError) -> Placemark {
        guard coordinate.isValid else {
            throw GeocodeError(code: GeocodeError.noResultCode, message: "Nominatim: coordinate out of range")
        }
        let response: HTTPResponse
        do {
            response = try client.send(request(for: coordinate))
        } catch {
            throw GeocodeError(code: GeocodeError.networkCode, message: "Nominatim: \(Self.describe(error))")
        }
        return try Self.placemark(from: response)
    }

    /// Reads a `/reverse?format=jsonv2` answer (see the type's documentation).
    public static func placemark(from response: HTTPResponse) throws(GeocodeError) -> Placemark {
        guard (200...299).contains(response.status) else {
            throw GeocodeError(code: GeocodeError.networkCode, message: "Nominatim answered HTTP \(response.status)")
        }
        guard let json = try? JSONValue.parse(utf8: response.body), case .object = json else {
            throw GeocodeError(
                code: GeocodeError.networkCode,
                message: "Nominatim answered HTTP \(response.status) with a body that is not a JSON object")
        }
        if let error = json["error"] {
            let text = error.stringValue ?? error["message"]?.stringValue ?? "error"
            throw GeocodeError(code: GeocodeError.noResultCode, message: "Nominatim: \(text)")
        }
        guard let address = json["address"], case .object(let members) = address else {
            throw GeocodeError(code: GeocodeError.noResultCode, message: "Nominatim: the answer has no address")
        }
        func field(_ keys: String...) -> String? {
            for key in keys {
                if let value = members[key]?.stringValue, !value.isEmpty { return value }
            }
            return nil
        }
        let iso = field("country_code")?.uppercased()
        let locality = field("city", "town", "village", "hamlet", "municipality")
        var administrativeArea = field("state", "province", "region", "state_district")
        if iso == "US" || iso == "CA" {
            if let code = field("ISO3166-2-lvl4"), code.count > 3, code.uppercased().hasPrefix(iso! + "-") {
                administrativeArea = String(code.dropFirst(3)).uppercased()
            } else if let state = administrativeArea, let code = USStateCodes.code(for: state) {
                administrativeArea = code
            }
        }
        let name = json["name"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? locality
        return Placemark(
            name: name, locality: locality, subLocality: field("suburb", "neighbourhood", "quarter", "city_district"),
            administrativeArea: administrativeArea, subAdministrativeArea: field("county"),
            postalCode: field("postcode"), country: field("country"), isoCountryCode: iso)
    }

    /// At most 6 decimals, trailing zeros and point trimmed, never `-0`.
    static func format(_ value: Double) -> String {
        var text = formatFixed(value, decimals: 6)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    static func describe(_ error: HTTPClientError) -> String {
        switch error {
        case .unreachable(let message): return "unreachable: \(message)"
        case .timedOut(let message): return "timed out: \(message)"
        case .notRecorded(let message): return "not recorded: \(message)"
        case .refused(let message): return "refused: \(message)"
        }
    }
}

/// US state, district and territory names → USPS codes, for answers without `ISO3166-2-lvl4`.
enum USStateCodes {
    static func code(for name: String) -> String? { table[name.lowercased()] }

    static let table: [String: String] = [
        "alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA", "colorado": "CO",
        "connecticut": "CT", "delaware": "DE", "district of columbia": "DC", "florida": "FL", "georgia": "GA",
        "hawaii": "HI", "idaho": "ID", "illinois": "IL", "indiana": "IN", "iowa": "IA", "kansas": "KS",
        "kentucky": "KY", "louisiana": "LA", "maine": "ME", "maryland": "MD", "massachusetts": "MA",
        "michigan": "MI", "minnesota": "MN", "mississippi": "MS", "missouri": "MO", "montana": "MT",
        "nebraska": "NE", "nevada": "NV", "new hampshire": "NH", "new jersey": "NJ", "new mexico": "NM",
        "new york": "NY", "north carolina": "NC", "north dakota": "ND", "ohio": "OH", "oklahoma": "OK",
        "oregon": "OR", "pennsylvania": "PA", "rhode island": "RI", "south carolina": "SC", "south dakota": "SD",
        "tennessee": "TN", "texas": "TX", "utah": "UT", "vermont": "VT", "virginia": "VA", "washington": "WA",
        "west virginia": "WV", "wisconsin": "WI", "wyoming": "WY", "puerto rico": "PR", "guam": "GU",
        "american samoa": "AS", "northern mariana islands": "MP", "united states virgin islands": "VI",
        "u.s. virgin islands": "VI",
    ]
}
