import LocSimHTTPRecording

/// The secrets the built-in services declare (Weather, Geocoding and Push declare them next to
/// their adapters; this module cannot see those), as a run of the original app hands them to
/// the redactor.
enum DeclaredSecrets {
    static let all = [
        SecretDeclaration(variable: "AERIS_CLIENT_ID", queryParameters: ["client_id"], hosts: ["api.aerisapi.com"]),
        SecretDeclaration(
            variable: "AERIS_CLIENT_SECRET", queryParameters: ["client_secret"], hosts: ["api.aerisapi.com"]),
        SecretDeclaration(variable: "NWS_USER_AGENT"),
        SecretDeclaration(variable: "OWM_APPID", queryParameters: ["appid"], hosts: ["api.openweathermap.org"]),
        SecretDeclaration(variable: "NOMINATIM_USER_AGENT"),
        SecretDeclaration(variable: "PARSE_APPLICATION_ID", headers: ["X-Parse-Application-Id"]),
        SecretDeclaration(variable: "PARSE_REST_API_KEY", headers: ["X-Parse-REST-API-Key"]),
    ]
}
