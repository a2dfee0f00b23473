import LocSimLocationCore
import LocSimMap
import Testing

@Suite struct MapViewportTests {
    let frame = PixelRect(x: 0, y: 0, width: 900, height: 900)

    @Test func fitsTheBoxInsideTheMarginsAndCentresIt() {
        let southWest = Coordinate(latitude: 29.70, longitude: -91.60)
        let northEast = Coordinate(latitude: 29.80, longitude: -91.30)
        var box = MercatorBox(
            x: WebMercator.unitX(longitude: southWest.longitude), y: WebMercator.unitY(latitude: southWest.latitude))
        box.include(
            x: WebMercator.unitX(longitude: northEast.longitude), y: WebMercator.unitY(latitude: northEast.latitude))
        let viewport = MapViewport(fitting: box, in: frame, margin: 40)
        let sw = viewport.project(southWest)
        let ne = viewport.project(northEast)
        // Wider than tall: the width fills the usable 820 px exactly, the height is centred.
        #expect(abs((ne.x - sw.x) - 820) < 1e-6)
        #expect(abs(sw.x - 40) < 1e-6)
        #expect(abs((sw.y + ne.y) / 2 - 450) < 1e-6)
        #expect(ne.y < sw.y)
    }

    @Test func aSinglePointGetsTheMinimumExtent() {
        let point = Coordinate(latitude: 45, longitude: 7)
        let viewport = MapViewport(
            fitting: MercatorBox(x: WebMercator.unitX(longitude: 7), y: WebMercator.unitY(latitude: 45)), in: frame,
            margin: 50)
        let p = viewport.project(point)
        #expect(abs(p.x - 450) < 1e-9 && abs(p.y - 450) < 1e-9)
        #expect(abs(viewport.pixels(metres: MapViewport.minimumExtent, atLatitude: 45) - 800) < 1e-6)
    }

    @Test func pixelsForMetresFollowTheLatitude() {
        let viewport = MapViewport(
            fitting: MercatorBox(minX: 0.2, minY: 0.3, maxX: 0.21, maxY: 0.31), in: frame, margin: 0)
        let atEquator = viewport.pixels(metres: 1000, atLatitude: 0)
        #expect(abs(viewport.pixels(metres: 1000, atLatitude: 60) - 2 * atEquator) < 1e-9)
        #expect(abs(viewport.groundResolution(atLatitude: 0) * atEquator - 1000) < 1e-9)
    }

    @Test(arguments: [-80.0, -33.9, 0.0, 29.7965, 51.5, 85.0])
    func latitudeInvertsUnitY(latitude: Double) {
        #expect(abs(MapViewport.latitude(unitY: WebMercator.unitY(latitude: latitude)) - latitude) < 1e-9)
    }
}
