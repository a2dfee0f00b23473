/// The names whose values are secrets whoever declares them: query parameters and form fields,
/// JSON body fields (at any depth), multipart form fields, headers. What OAuth 2 (RFC 6749,
/// OpenID Connect) and common APIs send; a ``SecretDeclaration`` adds its own names.
enum SecretNames {
    /// Query parameters, form fields (urlencoded and multipart) and JSON fields, lowercased.
    static let parameters: Set<String> = [
        "client_id", "client_secret", "appid", "key", "api_key", "apikey", "api-key", "token", "access_token",
        "refresh_token", "id_token", "auth_token", "password", "passwd", "secret", "session", "session_id",
        "sessionid", "client_assertion",
    ]

    /// The JSON body fields: ``parameters`` without the names JSON data often uses for things
    /// that are not secrets (`key`, `session`, `client_id`).
    static let jsonFields: Set<String> = parameters.subtracting(["key", "session", "client_id"])

    /// A parameter or field name as it is compared: lowercased, without `_` and `-`, so that
    /// `accessToken`, `access-token` and `ACCESS_TOKEN` are `access_token`.
    static func folded(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "_" && $0 != "-" })
    }

    /// Headers, lowercased (every `X-Parse-*` too: ``headerPrefixes``).
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
