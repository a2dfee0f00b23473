public import LocSimAppServices
import LocSimHTTPRecording

extension APNsEndpoint: PushSink {
    /// POSTs the APNs payload, collapsing on `collapseID` and kept until `expiration`; APNs's
    /// `reason`, `http_<status>` or the transport code as an `apns` failure.
    public func send(
        _ message: PushMessage, collapseID: String?, expiration: Double?, context: ServiceContext
    ) -> ProviderFailure? {
        let request = request(for: message, collapseID: collapseID, expiration: expiration)
        do {
            return Self.failure(of: try context.http.send(request), credentials: context.credentials)
        } catch {
            return ProviderFailure(provider: "apns", clientError: error).redacted(with: context.credentials)
        }
    }
}
