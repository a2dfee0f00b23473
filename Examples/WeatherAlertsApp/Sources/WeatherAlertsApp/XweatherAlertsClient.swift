import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's Xweather adapter: `GET {base}/alerts/{city},{state}?client_id=…&client_secret=…`
/// with `URLSession`, decoded with `Codable`. Production code: it knows nothing of locsim.
public struct XweatherAlertsClient: Sendable {
    public var session: URLSession
    public var baseURL: URL
    public var clientID: String
    public var clientSecret: String

    public init(session: URLSession, baseURL: URL, clientID: String, clientSecret: String) {
        self.session = session
        self.baseURL = baseURL
        self.clientID = clientID
        self.clientSecret = clientSecret
    }

    /// What went wrong, as the API says it.
    public enum Failure: Error, Equatable {
        /// `success: false` with Xweather's `error.code` and `error.description`.
        case api(code: String, description: String)
        /// An HTTP error without the envelope.
        case http(Int)
    }

    /// The alerts in effect for a place; empty when there are none.
    public func alerts(city: String, state: String) async throws -> [WeatherAlert] {
        let place = [city, state].map { $0.lowercased() }.joined(separator: ",")
        var components = URLComponents()
        components.queryItems = [
            URLQueryItem(name: "client_id", value: clientID), URLQueryItem(name: "client_secret", value: clientSecret),
        ]
        let path = "/alerts/" + (place.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? place)
        let query =
            components.percentEncodedQuery?.replacingOccurrences(of: "<", with: "%3C")
            .replacingOccurrences(of: ">", with: "%3E") ?? ""
        let url = URL(string: baseURL.absoluteString + path + "?" + query)!
        let (data, response) = try await session.data(for: URLRequest(url: url))
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: data) else {
            throw Failure.http(status)
        }
        guard envelope.success else {
            throw Failure.api(code: envelope.error?.code ?? "unknown", description: envelope.error?.description ?? "")
        }
        if envelope.error?.code == "warn_no_data" { return [] }
        return (envelope.response ?? []).map { item in
            WeatherAlert(
                id: item.id, title: item.details.name, code: item.details.type, text: item.details.body,
                expires: item.timestamps.expiresISO)
        }
    }

    struct Envelope: Decodable {
        var success: Bool
        var error: APIError?
        var response: [Item]?
    }

    struct APIError: Decodable {
        var code: String
        var description: String
    }

    struct Item: Decodable {
        var id: String
        var details: Details
        var timestamps: Timestamps
    }

    struct Details: Decodable {
        var type: String?
        var name: String
        var body: String
    }

    struct Timestamps: Decodable {
        var expiresISO: String?
    }
}
