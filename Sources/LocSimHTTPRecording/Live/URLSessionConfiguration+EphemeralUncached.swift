#if canImport(FoundationNetworking)
    package import FoundationNetworking
#else
    package import Foundation
#endif

extension URLSessionConfiguration {
    /// How locsim's live HTTP goes out over `URLSession` (the Apple live transport, and the client
    /// of a recording `LocSimCassetteSession`): ephemeral, no cache and no cookies, and both the
    /// request and the resource timeout set to `timeout` seconds, so the deadline is one number.
    package static func ephemeralUncached(timeout: Double) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        return configuration
    }
}
