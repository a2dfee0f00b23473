import Foundation
import LocSimLocationCore
import LocSimMap
import LocSimSimulation
import Testing

/// Whole maps compared byte for byte with `Golden/`: failures, a wide and a tall run, context layers.
@Suite struct MapGoldenTests {
    /// The sample run with provider, location and region errors.
    @Test func failuresMatchTheGolden() throws {
        let svg = SVGMapRenderer.render(
            SampleScene.makeWithFailures(), options: SVGMapOptions(title: "SampleScene with failures (test data)"))
        try GoldenSVG.check(svg, named: "failures.svg")
    }

    /// Houston → New Orleans (Waypoints/houston-new-orleans-i10.gpx): an east–west drive gets a
    /// wide map with the panel below, drawn over the bundled coastlines, borders and state lines.
    @Test func theI10DriveIsWideAndDrawnOverItsContext() throws {
        let scene = try Self.i10Scene()
        let lines = try MapContextLines.bundled.get()
        let options = SVGMapOptions(
            title: "houston-new-orleans-i10.gpx (test data)",
            context: MapContext(layers: MapContextLayer.drawingOrder, lines: lines))
        let svg = SVGMapRenderer.render(scene, options: options)
        try GoldenSVG.check(svg, named: "i10-context.svg")
    }

    /// A north–south run gets a tall map with the panel on its right.
    @Test func aNorthSouthRunIsTall() throws {
        let svg = SVGMapRenderer.render(
            Self.northSouthScene(), options: SVGMapOptions(title: "north-south (test data)"))
        try GoldenSVG.check(svg, named: "north-south.svg")
    }

    static func i10Scene() throws -> MapScene {
        let points = try WaypointsTrack.points("houston-new-orleans-i10.gpx")
        var scene = MapScene(
            settings: [("track", "Waypoints/houston-new-orleans-i10.gpx"), ("distanceFilter", "10000 m")],
            distanceFilter: 10000)
        for (index, point) in points.enumerated() {
            scene.addTrackPoint(point)
            guard index % 100 == 0 else { continue }
            let latitude = SVGText.number(point.latitude, decimals: 6)
            let longitude = SVGText.number(point.longitude, decimals: 6)
            let t = Double(index) * 5
            scene.add(
                SampleScene.line(
                    t, .location, ["latitude": latitude, "longitude": longitude, "horizontalAccuracy": "1000"]))
            guard index % 400 == 0 else { continue }
            scene.add(
                SampleScene.line(
                    t, .locationAvailable,
                    [
                        "city": "Stop \(index / 400)", "state": point.longitude < -93.8 ? "TX" : "LA",
                        "latitude": latitude, "longitude": longitude,
                    ]))
            if index == 1200 {
                scene.add(SampleScene.line(t, .advisoryAvailable, ["location": "Stop 3", "name": "Flood Warning"]))
            }
            if index == 2400 {
                scene.add(
                    SampleScene.line(
                        t, .providerError, ["provider": "nws", "code": "not_recorded", "message": "cassette miss"]))
            }
        }
        return scene
    }

    static func northSouthScene() -> MapScene {
        var scene = MapScene(settings: [("distanceFilter", "5000 m")], distanceFilter: 5000)
        for i in 0...200 {
            let f = Double(i) / 200
            let point = Coordinate(latitude: 44.05 + 3.55 * f, longitude: -123.09 + 0.8 * f + 0.08 * sin(f * 9))
            scene.addTrackPoint(point)
            guard i % 10 == 0 else { continue }
            scene.add(
                SampleScene.line(
                    Double(i) * 60, .location,
                    [
                        "latitude": SVGText.number(point.latitude, decimals: 6),
                        "longitude": SVGText.number(point.longitude, decimals: 6), "horizontalAccuracy": "1500",
                    ]))
        }
        return scene
    }
}
