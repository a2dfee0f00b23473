public import LocSimAppServices

/// Where the push controller also sends each push it makes (Parse's REST API, APNs, or your
/// own), through the run's HTTP client.
public protocol PushSink: Sendable {
    /// Sends `message` (APNs collapses on `collapseID` and keeps it until `expiration`, epoch
    /// seconds); the failure to post as `provider_error`, or `nil` when it was delivered.
    func send(
        _ message: PushMessage, collapseID: String?, expiration: Double?, context: ServiceContext
    )
        -> ProviderFailure?
}
