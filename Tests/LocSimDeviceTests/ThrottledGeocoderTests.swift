import Foundation
import LocSimDevice
import LocSimGeocoding
import LocSimLocationCore
import LocSimReplay
import LocSimSettings
import LocSimSimulation
import LocSimSupport
import Testing

@Suite struct ThrottledGeocoderTests {
    static let franklin = Location(
        coordinate: Coordinate(latitude: 29.796, longitude: -91.501), horizontalAccuracy: 10, timestamp: 0)

    @Test func theThrottleRefusesAsCLGeocoderAndMapKitWould() async throws {
        let clock = Clock()
        let recorded = Recorded()
        let geocoder = ThrottledGeocoder(
            geocoder: OfflineGazetteer(), throttle: GeocodeThrottle(limit: 3, window: 10), naming: .clgeocoder,
            now: { clock.now }, record: { recorded.append($0) })
        for _ in 0..<3 {
            let placemarks = try await geocoder.reverseGeocode(Self.franklin)
            #expect(placemarks.map(\.locality) == ["Franklin"])
        }
        clock.now = 9.5
        let failure = await #expect(throws: GeocodeFailure.self) { try await geocoder.reverseGeocode(Self.franklin) }
        #expect(failure?.isThrottled == true)
        #expect(failure?.clErrorCode == 2)
        #expect(failure?.mapKitErrorCode == 3)
        clock.now = 10
        #expect(try await geocoder.reverseGeocode(Self.franklin).count == 1)
        #expect(recorded.names == ["geocode", "geocode", "geocode", "geocode", "geocode_failed", "geocode"])
        #expect(
            recorded.all[4].userInfo == [
                "code": "2", "message": "throttled by the geocode limit 3/10 (requests/seconds)",
            ])
        #expect(recorded.all[0].userInfo == ["latitude": "29.796000", "longitude": "-91.501000"])
    }

    @Test(arguments: [
        (Double.nan, 0.0), (0.0, .infinity), (-.infinity, 10.0), (91.0, 0.0), (0.0, 180.5),
    ])
    func aNonFiniteCoordinateIsTheGeocodersError(latitude: Double, longitude: Double) async throws {
        let recorded = Recorded()
        let geocoder = ThrottledGeocoder(
            geocoder: OfflineGazetteer(), throttle: .apple, naming: .clgeocoder, now: { 0 },
            record: { recorded.append($0) })
        var location = Self.franklin
        location.coordinate = Coordinate(latitude: latitude, longitude: longitude)
        let failure = await #expect(throws: GeocodeFailure.self) { try await geocoder.reverseGeocode(location) }
        #expect(failure?.reason == .invalidLocation)
        #expect(failure?.isThrottled == false)
        #expect(failure?.clErrorCode == 8)
        #expect(recorded.names == ["geocode_failed"])
    }

    @Test func theDevicesGeocoderNamesAsPlacemarkSaysAndCountsOnTheVirtualClock() async throws {
        var settings = ReplaySettings()
        settings.placemark = .mapkit
        settings.geocodeLimit = GeocodeLimit(argument: "2/100")
        let device = try SimulatedDevice(track: SeedTracks.url("franklin-la.gpx"), settings: settings)
        let placemark = try #require(try await device.geocoder.reverseGeocode(Self.franklin).first)
        let info = device.geocoder.locationAvailableUserInfo(for: placemark, at: Self.franklin)
        #expect(info["city"] == "Franklin")
        #expect(info["cityWithContext"] == "Franklin, LA")
        _ = try await device.geocoder.reverseGeocode(Self.franklin)
        let failure = await #expect(throws: GeocodeFailure.self) {
            try await device.geocoder.reverseGeocode(Self.franklin)
        }
        #expect(failure?.isThrottled == true)
        #expect(device.transcript.map(\.notification.name) == [.geocode, .geocode, .geocode, .geocodeFailed])
        #expect(device.transcript.allSatisfy { $0.t == 0 })
    }
}

/// A virtual clock a test sets.
final class Clock: Sendable {
    private let instant = Locked(0.0)
    var now: Double {
        get { instant.withLock { $0 } }
        set { instant.withLock { $0 = newValue } }
    }
}

/// Notifications recorded by a geocoder, in order (locked: `record` is `@Sendable`).
final class Recorded: Sendable {
    private let items = Locked<[BusNotification]>([])
    func append(_ notification: BusNotification) { items.withLock { $0.append(notification) } }
    var all: [BusNotification] { items.withLock { $0 } }
    var names: [String] { all.map(\.name.rawValue) }
}

/// A geocoder that names every place after its latitude (a stand-in for Nominatim over cassettes).
struct LatitudeGeocoder: ReverseGeocoder {
    func reverseGeocode(_ coordinate: Coordinate) throws(GeocodeError) -> Placemark {
        guard coordinate.latitude < 29.79 else { throw GeocodeError(code: 8, message: "nothing north of 29.79") }
        return Placemark(locality: "Lat \(Int(coordinate.latitude))", administrativeArea: "LA")
    }
}

@Suite struct DeviceGeocoderInjectionTests {
    @Test func theDeviceAsksTheGeocoderItIsGivenAndPassesItsErrorsOn() async throws {
        let device = try SimulatedDevice(
            track: SeedTracks.url("franklin-la.gpx"), settings: ReplaySettings(), geocoder: LatitudeGeocoder())
        let south = Location(
            coordinate: Coordinate(latitude: 29.7, longitude: -91.5), horizontalAccuracy: 5, timestamp: 0)
        #expect(try await device.geocoder.reverseGeocode(south).map(\.locality) == ["Lat 29"])
        var north = south
        north.coordinate.latitude = 29.8
        let failure = await #expect(throws: GeocodeFailure.self) { try await device.geocoder.reverseGeocode(north) }
        #expect(failure?.reason == .failed)
        #expect(failure?.clErrorCode == 8)
        #expect(failure?.mapKitErrorCode == 4)
        #expect(device.transcript.last?.notification.userInfo == ["code": "8", "message": "nothing north of 29.79"])
    }
}
