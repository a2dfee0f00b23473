import LocSimHTTPRecording
import Testing

#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking
#else
    import Foundation
#endif

@Suite struct URLSessionConfigurationEphemeralUncachedTests {
    @Test func theDeadlineIsOneNumberAndNothingIsCachedOrCookied() {
        let configuration = URLSessionConfiguration.ephemeralUncached(timeout: 7.5)
        #expect(configuration.timeoutIntervalForRequest == 7.5)
        #expect(configuration.timeoutIntervalForResource == 7.5)
        #expect(configuration.requestCachePolicy == .reloadIgnoringLocalCacheData)
        #expect(configuration.urlCache == nil)
        #expect(configuration.httpCookieStorage == nil)
        #expect(!configuration.httpShouldSetCookies)
    }

    @Test func eachCallIsANewConfiguration() {
        let first = URLSessionConfiguration.ephemeralUncached(timeout: 1)
        let second = URLSessionConfiguration.ephemeralUncached(timeout: 2)
        #expect(first !== second)
        #expect(first.timeoutIntervalForRequest == 1)
    }
}
