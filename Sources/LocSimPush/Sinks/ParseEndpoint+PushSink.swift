public import LocSimAppServices
import LocSimCanonicalJSON
import LocSimHTTPRecording

extension ParseEndpoint: PushSink {
    /// POSTs the Parse REST body; Parse's error `code` (`"119"`), `http_<status>`, `bad_json` or
    /// the transport code (`unreachable`, `not_recorded`, …) as a `parse` failure.
    public func send(
        _ message: PushMessage, collapseID: String?, expiration: Double?, context: ServiceContext
    ) -> ProviderFailure? {
        let credentials = context.credentials
        let response: HTTPResponse
        do {
            response = try context.http.send(request(for: message))
        } catch {
            let failure = ProviderFailure(provider: "parse", clientError: error)
            return ProviderFailure(provider: "parse", code: failure.code, message: credentials.redact(failure.message))
        }
        let json = try? JSONValue.parse(utf8: response.body)
        if (200...299).contains(response.status) {
            if json != nil { return nil }
            return ProviderFailure(
                provider: "parse", code: "bad_json",
                message: "Parse answered HTTP \(response.status) with a body that is not JSON")
        }
        if let json, let code = json["code"], case .number(let literal) = code {
            let text = json["error"]?.stringValue ?? "Parse error \(literal)"
            return ProviderFailure(
                provider: "parse", code: literal, message: credentials.redact(text) + " (HTTP \(response.status))")
        }
        let text = json?["error"]?.stringValue.map { credentials.redact($0) + " (HTTP \(response.status))" }
        return ProviderFailure(
            provider: "parse", code: "http_\(response.status)",
            message: text ?? "Parse answered HTTP \(response.status) without an error envelope")
    }
}
