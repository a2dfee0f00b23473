import LocSimGeocoding
import LocSimHTTPRecording
import LocSimLiveHTTP
import LocSimLocationCore
import LocSimTesting
import Testing

/// The Nominatim geocoder through the live HTTP client, against a loopback server.
struct NominatimOverHTTPTests {
    @Test func nominatimOverHTTP() throws {
        let server = try LoopbackHTTPServer { request in
            guard request.url.contains("/reverse?") else { return .init(HTTPResponse(status: 404)) }
            return .init(
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Array(NominatimBodies.franklin.utf8)))
        }
        defer { server.stop() }
        let geocoder = NominatimGeocoder(
            client: LiveHTTPClient(), baseURL: server.baseURL, userAgent: "locsim-tests nominatim (ops@example.org)")
        let placemark = try geocoder.reverseGeocode(Coordinate(latitude: 29.7966, longitude: -91.5016))
        #expect(placemark.locality == "Franklin")
        #expect(placemark.administrativeArea == "LA")
        #expect(server.requests.first?.header("User-Agent") == "locsim-tests nominatim (ops@example.org)")
    }
}
