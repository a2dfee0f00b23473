import Foundation
import LocSimMap
import Testing

@Suite struct WebMercatorTests {
    @Test func equatorAndPrimeMeridianAreTheWorldsCentre() {
        #expect(WebMercator.unitX(longitude: 0) == 0.5)
        #expect(abs(WebMercator.unitY(latitude: 0) - 0.5) < 1e-15)
        #expect(WebMercator.unitX(longitude: -180) == 0)
        #expect(abs(WebMercator.unitY(latitude: WebMercator.maxLatitude)) < 1e-12)
        #expect(abs(WebMercator.unitY(latitude: -WebMercator.maxLatitude) - 1) < 1e-12)
    }

    @Test func latitudesBeyondTheSquareWorldAreClamped() {
        #expect(WebMercator.unitY(latitude: 89.9) == WebMercator.unitY(latitude: WebMercator.maxLatitude))
    }

    @Test(arguments: [
        (0.0, 0.0, 156_543.033_928_040_97),
        (0.0, 1.0, 78_271.516_964_020_48),
        (60.0, 0.0, 78_271.516_964_020_48),
        (29.7965, 13.0, 16.582_933_2),
    ])
    func groundResolutionIsTheBingFormula(latitude: Double, zoom: Double, metresPerPixel: Double) {
        #expect(abs(WebMercator.groundResolution(latitude: latitude, zoom: zoom) - metresPerPixel) < 1e-4)
    }

    @Test func unitDistanceMatchesGroundResolutionAtEveryZoom() {
        let metres = 3000.0
        let latitude = 45.0
        for zoom in [0.0, 7.5, 14.25] {
            let pixels =
                WebMercator.unitDistance(metres: metres, latitude: latitude) * WebMercator.worldSize(zoom: zoom)
            #expect(abs(pixels - metres / WebMercator.groundResolution(latitude: latitude, zoom: zoom)) < 1e-9)
        }
    }

    @Test func aDegreeOfLatitudeNearTheEquatorIsAsWideAsADegreeOfLongitude() {
        let dy = WebMercator.unitY(latitude: -0.5) - WebMercator.unitY(latitude: 0.5)
        let dx = WebMercator.unitX(longitude: 0.5) - WebMercator.unitX(longitude: -0.5)
        #expect(abs(dy - dx) / dx < 1e-4)
    }
}
