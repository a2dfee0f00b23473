import LocSimLocationCore
import LocSimMap
import Testing

@Suite struct GeoBoundsTests {
    @Test func growsToHoldEveryCoordinate() {
        var bounds = GeoBounds(Coordinate(latitude: 29.8, longitude: -91.5))
        bounds.include(Coordinate(latitude: 30.1, longitude: -91.9))
        bounds.include(Coordinate(latitude: 29.9, longitude: -91.2))
        #expect(bounds == GeoBounds(south: 29.8, west: -91.9, north: 30.1, east: -91.2))
        #expect(bounds.contains(Coordinate(latitude: 30.0, longitude: -91.5)))
        #expect(!bounds.contains(Coordinate(latitude: 30.2, longitude: -91.5)))
    }
}
