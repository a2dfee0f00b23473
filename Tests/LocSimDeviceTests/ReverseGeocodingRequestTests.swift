import Foundation
import LocSimDevice
import LocSimGeocoding
import LocSimLocationCore
import LocSimReplay
import LocSimSettings
import Testing

@Suite struct ReverseGeocodingRequestTests {
    static func location(_ latitude: Double, _ longitude: Double) -> Location {
        Location(coordinate: Coordinate(latitude: latitude, longitude: longitude), horizontalAccuracy: 5, timestamp: 0)
    }

    /// Each repository track's first delivered location: the MapKit item is named as the CLGeocoder placemark.
    @Test(arguments: SeedTracks.all)
    func mapItemsAreNamedLikeTheCLGeocoderPlacemark(track: String) async throws {
        let device = try SimulatedDevice(track: SeedTracks.url(track))
        var iterator = device.locationManagerUpdates.makeAsyncIterator()
        let location = try #require(await iterator.next()?.location)
        let placemark = try #require(try await device.geocoder.reverseGeocode(location).first)
        let items = try await #require(device.reverseGeocodingRequest(location: location)).mapItems
        #expect(items.count == 1)
        let item = try #require(items.first)
        let names = try #require(item.addressRepresentations)
        #expect(names.cityName == placemark.locality)
        #expect(names.regionName == placemark.country)
        #expect(names.region?.identifier == placemark.isoCountryCode)
        #expect(item.placemark == placemark)
    }

    @Test func aUSPlaceHasTheStateInItsShortAddress() async throws {
        let device = try SimulatedDevice(track: SeedTracks.url("franklin-la.gpx"))
        let request = try #require(device.reverseGeocodingRequest(location: Self.location(29.796, -91.5015)))
        let item = try #require(try await request.mapItems.first)
        #expect(item.address == MapAddress(fullAddress: "Franklin, LA, United States", shortAddress: "Franklin, LA"))
        #expect(item.addressRepresentations?.cityWithContext == "Franklin, LA")
        #expect(item.addressRepresentations?.region == Locale.Region("US"))
    }

    @Test func bothShapesShareOneThrottleAndARequestCostsOnce() async throws {
        var settings = ReplaySettings()
        settings.geocodeLimit = GeocodeLimit(argument: "2/300")
        let device = try SimulatedDevice(track: SeedTracks.url("franklin-la.gpx"), settings: settings)
        let here = Self.location(29.796, -91.5015)
        _ = try await device.geocoder.reverseGeocode(here)
        let request = try #require(device.reverseGeocodingRequest(location: here))
        let items = try await request.mapItems
        // Read again: the same items, no second request.
        #expect(try await request.mapItems == items)
        do {
            let third = try #require(device.reverseGeocodingRequest(location: here))
            _ = try await third.mapItems
            Issue.record("a third request within 300 s was granted")
        } catch let failure as GeocodeFailure {
            #expect(failure.isThrottled)
            #expect(failure.mapKitErrorCode == 3)
        }
        #expect(device.transcript.texts(.geocode).count == 3)
    }

    @Test(arguments: [(91.0, 0.0), (-90.5, 10), (10, 180.5), (.nan, 0), (0, .infinity)])
    func aCoordinateOutOfRangeIsRefused(latitude: Double, longitude: Double) throws {
        let device = try SimulatedDevice(track: SeedTracks.url("franklin-la.gpx"))
        #expect(device.reverseGeocodingRequest(location: Self.location(latitude, longitude)) == nil)
        #expect(device.transcript.isEmpty)
    }
}
