import LocSimCanonicalJSON
import LocSimGeocoding
import LocSimLocationCore
import LocSimReplay
import LocSimSimulation
import Testing

@Suite struct LocationFormattingTests {
    @Test func locationLineIsCompactSortedAndRounded() {
        let location = Location(
            coordinate: Coordinate(latitude: 29.79600049, longitude: -91.5), altitude: 3.26, horizontalAccuracy: 5,
            speed: nil, course: nil, timestamp: 12, sourceTime: 1_704_067_200.5)
        let line = TranscriptLine(t: 12.0004, notification: .location(location))
        #expect(
            line.text
                == #"{"altitude":3.3,"course":-1,"courseAccuracy":-1,"event":"location","horizontalAccuracy":5,"#
                + #""latitude":29.796000,"longitude":-91.500000,"speed":-1,"speedAccuracy":-1,"t":12.000,"#
                + #""timestamp":"2024-01-01T00:00:00.500Z","verticalAccuracy":-1}"#)
    }

    /// CLLocation always has a timestamp: untimed fixes count from 2001-01-01T00:00:00Z.
    @Test func untimedLocationsCountFromTheReferenceDate() {
        let location = Location(
            coordinate: Coordinate(latitude: 1, longitude: 2), altitude: nil, horizontalAccuracy: 1000, speed: nil,
            course: nil, timestamp: 0, sourceTime: nil)
        #expect(
            TranscriptLine(t: 0, notification: .location(location)).text
                == #"{"course":-1,"courseAccuracy":-1,"event":"location","horizontalAccuracy":1000,"latitude":1.000000,"#
                + #""longitude":2.000000,"speed":-1,"speedAccuracy":-1,"t":0.000,"timestamp":"2001-01-01T00:00:00Z","#
                + #""verticalAccuracy":-1}"#)
    }

    /// CLLocation's course is 0 up to 360 exclusive: 359.96° rounds to 0.0, not 360.0
    /// (found replaying real tracks).
    @Test(arguments: [(359.94, "359.9"), (359.96, "0.0"), (359.999, "0.0"), (0.04, "0.0"), (180.06, "180.1")])
    func courseStaysBelow360(course: Double, text: String) {
        let location = Location(
            coordinate: Coordinate(latitude: 1, longitude: 2), altitude: nil, horizontalAccuracy: 5, speed: 3,
            course: course, timestamp: 0, sourceTime: nil)
        #expect(BusNotification.location(location).userInfo["course"] == text)
    }

    @Test(arguments: AuthorizationStatus.allCases)
    func authorizationCarriesCodeAndName(status: AuthorizationStatus) {
        let text = TranscriptLine(t: 0, notification: .authorization(status)).text
        #expect(text == #"{"event":"authorization","name":"\#(status.name)","status":\#(status.rawValue),"t":0.000}"#)
    }

    @Test func locationAvailableNamesThePlaceLikeCLGeocoder() {
        let placemark = Placemark(
            name: "Buffalo", locality: "Buffalo", administrativeArea: "NY", country: "United States",
            isoCountryCode: "US")
        let line = TranscriptLine(
            t: 1, notification: .locationAvailable(placemark, at: Coordinate(latitude: 42.9, longitude: -78.85)))
        #expect(
            line.text
                == #"{"city":"Buffalo","country":"United States","event":"LOCATION_AVAILABLE","isoCountryCode":"US","#
                + #""latitude":42.900000,"longitude":-78.850000,"state":"NY","t":1.000}"#)
    }

    @Test func aPlaceWithoutLocalityUsesItsName() {
        let placemark = Placemark(name: "Somewhere", country: "Japan")
        let info = BusNotification.locationAvailable(placemark, at: Coordinate(latitude: 0, longitude: 0)).userInfo
        #expect(info["city"] == "Somewhere")
        #expect(info["state"] == "")
        #expect(info["isoCountryCode"] == nil)
    }

    @Test(arguments: [(1000.0, "1000"), (12.25, "12.25"), (5, "5"), (0.0000001, "0.000"), (1e-300, "0.000")])
    func accuracyIsAlwaysAPlainDecimal(metres: Double, text: String) {
        let location = Location(
            coordinate: Coordinate(latitude: 1, longitude: 2), horizontalAccuracy: metres, timestamp: 0)
        #expect(BusNotification.location(location).userInfo["horizontalAccuracy"] == text)
    }
}
