import LocSimLocationCore
import LocSimMap
import LocSimSimulation
import Testing

@Suite struct MapSceneTests {
    @Test func collectsFixesPlacesMarkersAndFailuresFromTheTranscript() {
        let scene = SampleScene.make()
        #expect(scene.fixCount == 5)
        #expect(scene.fixes.elements.map(\.number) == [1, 2, 3, 4, 5])
        #expect(scene.fixes.elements[4].horizontalAccuracy == 650)
        #expect(scene.fixes.elements[1].coordinate == Coordinate(latitude: 29.8019, longitude: -91.4631))
        #expect(scene.geocodeCount == 4)
        #expect(scene.places.elements.map(\.name) == ["Franklin, LA", "Baldwin, LA", "Charenton, LA"])
        #expect(scene.markers.elements.map(\.kind) == [.advisory, .push, .advisory])
        #expect(scene.markers.elements[0].text == "Franklin, LA: Flood Warning")
        #expect(scene.markers.elements[0].coordinate == Coordinate(latitude: 29.7981, longitude: -91.497))
        #expect(scene.markers.elements[2].number == 2)
        #expect(scene.advisoryCount == 2 && scene.pushCount == 1)
        #expect(scene.track.count == 41)
    }

    @Test func failedGeocodesAreMarkedAtTheLastFixOncePerFix() {
        let scene = SampleScene.make()
        #expect(scene.geocodeFailureCount == 2)
        #expect(
            scene.geocodeFailures
                == [
                    MapGeocodeFailure(
                        coordinate: Coordinate(latitude: 29.8071, longitude: -91.4258), fixNumber: 3, count: 2,
                        codes: ["2"], t: 366)
                ])
    }

    @Test func aFailureBeforeAnyFixIsCountedButNotDrawn() {
        var scene = MapScene()
        scene.add(SampleScene.line(0, .geocodeFailed, ["code": "2"]))
        #expect(scene.geocodeFailureCount == 1)
        #expect(scene.geocodeFailures.isEmpty)
        #expect(scene.extent == nil)
    }

    @Test func aPlaceSeenAgainAfterAnotherIsLabelledAgain() {
        var scene = MapScene()
        for (index, city) in ["Franklin", "Baldwin", "Franklin", "Franklin"].enumerated() {
            scene.add(SampleScene.location(index))
            scene.add(SampleScene.place(index, city: city))
        }
        #expect(scene.places.elements.map(\.name) == ["Franklin, LA", "Baldwin, LA", "Franklin, LA"])
    }

    @Test func unusableLinesAreSkipped() {
        var scene = MapScene()
        scene.add(SampleScene.line(0, .location, ["latitude": "north", "longitude": "-91.5"]))
        scene.add(SampleScene.line(0, .location, ["latitude": "91", "longitude": "-91.5"]))
        scene.add(SampleScene.line(0, .location, ["longitude": "-91.5"]))
        scene.add(SampleScene.line(0, .noAdvisory, ["location": "Franklin, LA"]))
        scene.add(SampleScene.line(0, .advisoryAvailable, ["location": "Franklin, LA", "name": "Flood Warning"]))
        scene.addTrackPoint(Coordinate(latitude: .nan, longitude: 0))
        #expect(scene.fixCount == 0)
        #expect(scene.track.count == 0)
        #expect(scene.advisoryCount == 1)
        #expect(scene.markers.elements.isEmpty)
        #expect(scene.extent == nil)
    }

    @Test func locationErrorsAreKeptForTheCaption() {
        var scene = MapScene()
        scene.add(SampleScene.line(0, .locationError, ["code": "1", "message": "denied"]))
        #expect(scene.locationErrorCount == 1)
        #expect(scene.locationErrors == ["code 1: denied"])
    }

    @Test func theExtentHoldsEveryCircleExactly() throws {
        var scene = MapScene(distanceFilter: 3000)
        scene.add(SampleScene.location(0))
        let extent = try #require(scene.extent)
        let reach = WebMercator.unitDistance(metres: 3000, latitude: 29.7981)
        #expect(abs(extent.width - 2 * reach) < 1e-15)
        #expect(abs(extent.height - 2 * reach) < 1e-15)
        #expect(abs(extent.minX - (WebMercator.unitX(longitude: -91.497) - reach)) < 1e-15)
    }

    @Test func aMissingAccuracyIsZeroAndANonPositiveFilterIsNone() {
        var scene = MapScene(distanceFilter: 0)
        scene.add(SampleScene.line(0, .location, ["latitude": "29.8", "longitude": "-91.5"]))
        #expect(scene.distanceFilter == nil)
        #expect(scene.fixes.elements.first?.horizontalAccuracy == 0)
        #expect(scene.extent?.width == 0)
    }

    @Test func layersAreSampledBeyondTheirLimits() {
        var scene = MapScene(
            limits: MapSceneLimits(trackPoints: 100, fixes: 10, places: 4, markers: 3, geocodeFailures: 2))
        for i in 0..<1000 {
            let latitude = "\(29 + Double(i) / 1000)"
            scene.add(
                SampleScene.line(
                    Double(i), .location, ["latitude": latitude, "longitude": "-91.5", "horizontalAccuracy": "10"]))
            scene.add(
                SampleScene.line(
                    Double(i), .locationAvailable,
                    ["city": "C\(i)", "state": "LA", "latitude": latitude, "longitude": "-91.5"]))
            scene.add(SampleScene.line(Double(i), .geocodeFailed, ["code": "2"]))
            scene.add(
                SampleScene.line(Double(i), .advisoryAvailable, ["location": "C\(i), LA", "name": "Heat Advisory"]))
        }
        #expect(scene.fixCount == 1000)
        #expect(scene.fixes.elements.count <= 10)
        #expect(scene.places.elements.count <= 4 && scene.places.total == 1000)
        #expect(scene.markers.elements.count <= 3)
        #expect(scene.geocodeFailures.count <= 3)
        #expect(scene.geocodeFailureCount == 1000)
    }
}
