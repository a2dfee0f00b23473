/// A secret (or a contact string) a service sends, declared once next to the service: the
/// environment variable that holds it and where it travels. The redactor reads these: a
/// declared query parameter or header gets the placeholder `<VARIABLE>` in every recording, and
/// the variable's value is scrubbed wherever else it appears.
public struct SecretDeclaration: Sendable, Hashable {
    /// The environment variable (`AERIS_CLIENT_SECRET`).
    public var variable: String
    /// Query parameters and form fields that carry it (`client_secret`), compared case-insensitively.
    public var queryParameters: [String]
    /// Header fields that carry it (`X-Parse-REST-API-Key`), compared case-insensitively.
    public var headers: [String]
    /// Hosts it is sent to (the endpoint's default host), used to tell apart services that use
    /// the same parameter name (`client_id`); empty: any host.
    public var hosts: [String]

    public init(variable: String, queryParameters: [String] = [], headers: [String] = [], hosts: [String] = []) {
        self.variable = variable
        self.queryParameters = queryParameters
        self.headers = headers
        self.hosts = hosts.map { $0.lowercased() }
    }

    /// `<VARIABLE>`: what recordings and messages carry instead of the value.
    public var placeholder: String { "<\(variable)>" }
}
