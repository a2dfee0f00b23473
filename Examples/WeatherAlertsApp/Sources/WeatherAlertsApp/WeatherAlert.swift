/// A weather alert as the app shows it.
public struct WeatherAlert: Sendable, Equatable {
    /// The provider's identifier.
    public var id: String
    /// "Coastal Flood Advisory".
    public var title: String
    /// The VTEC code ("CF.Y").
    public var code: String?
    /// The full text.
    public var text: String
    /// When it ends, ISO 8601 as the provider wrote it.
    public var expires: String?

    public init(id: String, title: String, code: String?, text: String, expires: String?) {
        self.id = id
        self.title = title
        self.code = code
        self.text = text
        self.expires = expires
    }
}
