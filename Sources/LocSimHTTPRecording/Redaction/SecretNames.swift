/// The names whose values are secrets whoever declares them: query parameters and form fields,
/// JSON body fields (at any depth), multipart form fields, headers. What OAuth 2 (RFC 6749,
/// OpenID Connect) and common APIs send; a ``SecretDeclaration`` adds its own names.
enum SecretNames {
    /// Query parameters, form fields (urlencoded and multipart) and JSON fields, lowercased.
    static let parameters: Set<String> = [
        "client_id", "client_secret", "appid", "key", "api_key", "apikey", "api-key", "token", "access_token",
        "refresh_token", "id_token", "auth_token", "password", "passwd", "secret", "session", "session_id",
        "sessionid", "client_assertion", "sig", "jwt", "auth", "x-amz-credential",
    ]

    /// Endings of a folded name (``folded(_:)``) that make any parameter, form field, JSON field
    /// or header a secret, whatever comes before: `sessionToken`, `private_token`,
    /// `X-Amz-Signature`, `bpkio_sessionid`, `X-Goog-Api-Key`.
    static let endings = ["token", "secret", "password", "passwd", "apikey", "sessionid", "signature"]

    /// Further endings for headers only: `X-Auth`, `Ocp-Apim-Subscription-Key`, `BPK-Session`
    /// (`WWW-Authenticate` and `:authority` end otherwise).
    static let headerEndings = endings + ["auth", "authorization", "subscriptionkey", "session", "credential"]

    /// Whether folded `name` ends like a secret's name (``endings``).
    static func endsLikeSecret(_ name: String, endings: [String] = endings) -> Bool {
        endings.contains { name.hasSuffix($0) }
    }

    /// The JSON body fields: ``parameters`` without the names JSON data often uses for things
    /// that are not secrets (`key`, `session`, `client_id`).
    static let jsonFields: Set<String> = parameters.subtracting(["key", "session", "client_id"])

    /// A parameter or field name as it is compared: lowercased, without `_` and `-`, so that
    /// `accessToken`, `access-token` and `ACCESS_TOKEN` are `access_token`.
    static func folded(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "_" && $0 != "-" })
    }

    /// Headers, lowercased (every `X-Parse-*` too: ``headerPrefixes``; and every name ending as
    /// ``headerEndings`` say).
    static let headers: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-auth-token",
        "x-access-token", "x-api-token", "api-key", "apikey", "x-amz-security-token",
    ]

    /// Header name prefixes, lowercased.
    static let headerPrefixes = ["x-parse-"]

    /// `Authorization` schemes (the IANA registry and common APIs), lowercased: the word a
    /// placeholder may follow (`Bearer <TOKEN>`), and the word left out when a credential is
    /// learned by value.
    static let authSchemes: Set<String> = [
        "basic", "bearer", "digest", "dpop", "gnap", "hoba", "mutual", "negotiate", "ntlm", "oauth", "privatetoken",
        "scram-sha-1", "scram-sha-256", "vapid", "token", "apikey", "key", "sso-key", "jwt", "aws4-hmac-sha256",
    ]
}
