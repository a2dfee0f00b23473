import LocSimAppServices
import LocSimCanonicalJSON
import LocSimHTTPRecording

/// Sends `request`, turning a transport failure into a ``ProviderFailure``.
func send(
    _ request: HTTPRequest, with client: any HTTPClient, provider: String
) throws(ProviderFailure)
    -> HTTPResponse
{
    do {
        return try client.send(request)
    } catch {
        throw ProviderFailure(provider: provider, clientError: error)
    }
}

/// Asks a provider: fails with `missing_location` (saying `missing`) when the place gives no
/// request, sends it, and reads the answer with `parse`; every failure has the credentials'
/// secrets replaced by their placeholders.
func fetch<T>(
    _ request: HTTPRequest?, missing: String, provider: String, client: any HTTPClient,
    credentials: Credentials, parse: (HTTPResponse) throws(ProviderFailure) -> T
) throws(ProviderFailure) -> T {
    guard let request else {
        throw ProviderFailure(provider: provider, code: "missing_location", message: missing)
    }
    do {
        return try parse(try send(request, with: client, provider: provider))
    } catch {
        throw error.redacted(with: credentials)
    }
}

/// Whether `status` is 2xx.
func isSuccess(_ status: Int) -> Bool { (200...299).contains(status) }

/// The response body as JSON, or the failure the adapters share: a non-JSON or empty body is
/// `http_<status>` when the status is an error (an HTML 500 page, a CDN block), else `bad_json`.
func decodeJSON(_ response: HTTPResponse, provider: String) throws(ProviderFailure) -> JSONValue {
    guard !response.body.isEmpty else {
        if !isSuccess(response.status) {
            throw ProviderFailure(
                provider: provider, code: "http_\(response.status)",
                message: "HTTP \(response.status) with an empty body")
        }
        throw ProviderFailure(
            provider: provider, code: "bad_json", message: "HTTP \(response.status) with an empty body")
    }
    do {
        return try JSONValue.parse(utf8: response.body)
    } catch {
        if !isSuccess(response.status) {
            throw ProviderFailure(
                provider: provider, code: "http_\(response.status)",
                message: "HTTP \(response.status) with a non-JSON body (\(bodySummary(response)))")
        }
        throw ProviderFailure(
            provider: provider, code: "bad_json",
            message:
                "response is not valid JSON at \(error.line):\(error.column): \(error.message) (\(bodySummary(response)))"
        )
    }
}

/// "text/html, 1234 bytes": what a message says about a body, never its content.
func bodySummary(_ response: HTTPResponse) -> String {
    let type = response.header("Content-Type").map { $0.split(separator: ";").first.map(String.init) ?? $0 }
    return "\(type ?? "no Content-Type"), \(response.body.count) bytes"
}

/// A short, single-line excerpt of a provider's own message (at most 200 characters).
func excerpt(_ text: String) -> String {
    let flat = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" }).joined(separator: " ")
    return flat.count > 200 ? String(flat.prefix(200)) + "…" : flat
}

extension JSONValue {
    /// The member at a path of object keys.
    subscript(path path: String...) -> JSONValue? {
        var value: JSONValue? = self
        for key in path { value = value?[key] }
        return value
    }

    /// A string, or a number's literal, as text; `nil` for other cases and `null`.
    var text: String? {
        switch self {
        case .string(let value): return value
        case .number(let literal): return literal
        case .bool(let value): return value ? "true" : "false"
        default: return nil
        }
    }

    /// The number literal (or a numeric string's text), for values that are kept verbatim.
    var numberLiteral: String? {
        switch self {
        case .number(let literal): return literal
        case .string(let value): return Double(value) == nil ? nil : value
        default: return nil
        }
    }

    /// The object's members, or `nil`.
    var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
