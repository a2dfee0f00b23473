import Foundation
import LocSimLocationCore
import LocSimMap
import LocSimSimulation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct SVGMapRendererTests {
    static let goldenName = "small-scene.svg"

    @Test func isWellFormedWithOneElementPerThingDrawn() throws {
        let tree = try SVGTree(SVGMapRenderer.render(SampleScene.make()))
        #expect(tree.children(of: "fixes", named: "circle").count == 5)
        #expect(tree.children(of: "accuracy-circles", named: "circle").count == 5)
        #expect(tree.children(of: "filter-circles", named: "circle").count == 5)
        #expect(tree.children(of: "geocode-failures", named: "path").count == 1)
        let markers = tree.children(of: "markers", named: "g")
        #expect(markers.compactMap { SVGTree.string($0, "class") } == ["advisory", "push", "advisory"])
        let labels = tree.children(of: "places", named: "text").map { $0.stringValue ?? "" }
        #expect(labels == ["Franklin, LA", "Baldwin, LA", "Charenton, LA"])
        #expect(tree.element(id: "track") != nil)
        #expect(tree.element(id: "scale-bar") != nil)
        #expect(tree.element(id: "north-arrow") != nil)
        #expect(tree.element(id: "legend") != nil)
    }

    @Test func tooltipsCarryTheFullTextEscaped() throws {
        let svg = SVGMapRenderer.render(SampleScene.make())
        #expect(
            svg.contains("<title>Advisory 2: Baldwin, LA: Tornado Watch &amp; &lt;Severe&gt; &quot;Storm&quot;</title>")
        )
        let tree = try SVGTree(svg)
        let titles = tree.children(of: "markers", named: "g").compactMap(SVGTree.title)
        #expect(
            titles == [
                "Advisory 1: Franklin, LA: Flood Warning", "Push 1: Weather Advisory for Franklin, LA:  Flood Warning",
                #"Advisory 2: Baldwin, LA: Tornado Watch & <Severe> "Storm""#,
            ])
    }

    @Test func hostileTextInSettingsAndPlacesStaysWellFormed() throws {
        var scene = MapScene(settings: [("track", "a<b>&\"c\".gpx\u{01}")], distanceFilter: nil)
        scene.add(SampleScene.location(0))
        scene.add(SampleScene.place(0, city: "]]></text><script>x</script>"))
        let svg = SVGMapRenderer.render(scene)
        let tree = try SVGTree(svg)
        #expect(tree.children(of: "places", named: "text").first?.stringValue == "]]></text><script>x</script>, LA")
        #expect(tree.children(of: "filter-circles", named: "circle").isEmpty)
        #expect(!svg.contains("<script>"))
    }

    @Test func matchesTheGoldenFileByteForByte() throws {
        let svg = SVGMapRenderer.render(SampleScene.make(), options: SVGMapOptions(title: "SampleScene (test data)"))
        try GoldenSVG.check(svg, named: Self.goldenName)
    }

    @Test func circlesAreDrawnToScaleAtEachFixsLatitude() throws {
        let scene = SampleScene.make()
        let svg = SVGMapRenderer.render(scene)
        let tree = try SVGTree(svg)
        let zoom = try #require(SVGTree.number(tree.root, "data-zoom"))
        let worldSize = 256 * pow(2, zoom)
        let accuracy = tree.children(of: "accuracy-circles", named: "circle")
        let filter = tree.children(of: "filter-circles", named: "circle")
        for (index, fix) in SampleScene.fixes.enumerated() {
            let latitude = try #require(Double(fix.latitude))
            let metresPerPixel = cos(latitude * .pi / 180) * 2 * .pi * 6_378_137 / worldSize
            let accuracyRadius = try #require(SVGTree.number(accuracy[index], "r"))
            let filterRadius = try #require(SVGTree.number(filter[index], "r"))
            #expect(abs(accuracyRadius - Double(fix.accuracy)! / metresPerPixel) < 0.01)
            #expect(abs(filterRadius - 3000 / metresPerPixel) < 0.01)
        }
    }

    @Test func aCircleOfDMetresReachesAFixDMetresAway() throws {
        // Two fixes on one parallel, d metres apart on the Web Mercator sphere; the first one's
        // accuracy is d, so its circle must pass through the second dot.
        let latitude = 47.25
        let d = 2500.0
        let dLongitude = d / (6_378_137 * cos(latitude * .pi / 180)) * 180 / .pi
        var scene = MapScene()
        scene.add(
            SampleScene.line(0, .location, ["latitude": "47.25", "longitude": "8.5", "horizontalAccuracy": "2500"]))
        scene.add(
            SampleScene.line(
                1, .location, ["latitude": "47.25", "longitude": "\(8.5 + dLongitude)", "horizontalAccuracy": "0"]))
        let tree = try SVGTree(SVGMapRenderer.render(scene))
        let dots = tree.children(of: "fixes", named: "circle")
        let circles = tree.children(of: "accuracy-circles", named: "circle")
        try #require(dots.count == 2 && circles.count == 1)
        let dx = try #require(SVGTree.number(dots[1], "cx")) - #require(SVGTree.number(dots[0], "cx"))
        let dy = try #require(SVGTree.number(dots[1], "cy")) - #require(SVGTree.number(dots[0], "cy"))
        let r = try #require(SVGTree.number(circles[0], "r"))
        #expect(abs(dy) < 0.01)
        #expect(abs(dx - r) < 0.02)
    }

    @Test func scaleBarLengthMatchesItsLabel() throws {
        let scene = SampleScene.make()
        let renderer = SVGMapRenderer()
        let viewport = try #require(renderer.viewport(for: scene))
        let tree = try SVGTree(renderer.render(scene))
        let bar = try #require(tree.element(id: "scale-bar-bar"))
        let label = try #require(tree.element(id: "scale-bar-label")?.stringValue)
        let parts = label.split(separator: " ")
        let metres = try #require(Double(parts[0])) * (parts[1] == "km" ? 1000 : 1)
        let leading = metres / pow(10, floor(log10(metres)))
        #expect([1.0, 2, 5].contains(leading))
        let width = try #require(SVGTree.number(bar, "width"))
        let metresPerPixel = WebMercator.groundResolution(latitude: viewport.centreLatitude, zoom: viewport.zoom)
        #expect(abs(width - metres / metresPerPixel) < 0.01)
        #expect(width <= 160)
    }

    @Test func everythingDrawnLiesInsideTheMapFrame() throws {
        let options = SVGMapOptions()
        let frame = SVGMapRenderer(options: options).layout(for: SampleScene.make()).mapFrame
        let tree = try SVGTree(SVGMapRenderer.render(SampleScene.make(), options: options))
        for id in ["fixes", "accuracy-circles", "filter-circles"] {
            for circle in tree.children(of: id, named: "circle") {
                let cx = try #require(SVGTree.number(circle, "cx"))
                let cy = try #require(SVGTree.number(circle, "cy"))
                let r = try #require(SVGTree.number(circle, "r"))
                #expect(cx - r >= options.margin - 0.01 && cx + r <= frame.maxX - options.margin + 0.01)
                #expect(cy - r >= options.margin - 0.01 && cy + r <= frame.maxY - options.margin + 0.01)
            }
        }
    }

    @Test func anEmptySceneSaysSo() throws {
        let svg = SVGMapRenderer.render(MapScene())
        let tree = try SVGTree(svg)
        #expect(tree.element(id: "map") == nil)
        #expect(svg.contains("Nothing to draw"))
        #expect(SVGTree.number(tree.root, "data-zoom") == nil)
    }

    @Test func aMillionPointTrackStaysSmall() throws {
        var scene = MapScene(settings: [("distanceFilter", "none")], distanceFilter: nil)
        let count = 1_000_000
        for i in 0..<count {
            let f = Double(i) / Double(count - 1)
            let coordinate = Coordinate(latitude: 30 + 0.6 * sin(f * 60), longitude: -95 + 14 * f)
            scene.addTrackPoint(coordinate)
            if i % 20 == 0 {
                scene.add(
                    SampleScene.line(
                        Double(i), .location,
                        [
                            "latitude": SVGText.number(coordinate.latitude, decimals: 6),
                            "longitude": SVGText.number(coordinate.longitude, decimals: 6),
                            "horizontalAccuracy": "1000",
                        ]))
            }
            if i % 500 == 0 {
                scene.add(
                    SampleScene.line(
                        Double(i), .locationAvailable,
                        [
                            "city": "Town \(i / 500)", "state": "TX", "latitude": "\(coordinate.latitude)",
                            "longitude": "\(coordinate.longitude)",
                        ]))
            }
        }
        let options = SVGMapOptions()
        let svg = SVGMapRenderer.render(scene, options: options)
        #expect(svg.utf8.count < 2_000_000)
        let tree = try SVGTree(svg)
        #expect(tree.children(of: "fixes", named: "circle").count == scene.fixes.elements.count)
        #expect(scene.fixes.elements.count <= MapSceneLimits().fixes)
        #expect(tree.children(of: "accuracy-circles", named: "circle").count <= options.maxCircledFixes)
        #expect(tree.children(of: "places", named: "text").count <= options.maxLabels)
        #expect(svg.contains("Track: 1,000,000 points, "))
        #expect(svg.contains("Fixes: 50,000 delivered, 1 in 16 drawn"))
        #expect(svg.contains("Circles drawn for "))
        // Dense fixes are drawn as small dots so the run reads as a line.
        #expect(tree.children(of: "fixes", named: "circle").allSatisfy { SVGTree.number($0, "r") == 1.5 })
    }

    @Test func sparseFixesGetFullSizeDots() throws {
        let tree = try SVGTree(SVGMapRenderer.render(SampleScene.make()))
        #expect(tree.children(of: "fixes", named: "circle").allSatisfy { SVGTree.number($0, "r") == 4 })
    }

    @Test func everyLayerFilledToItsLimitStaysUnderTwoMegabytes() throws {
        var scene = MapScene(settings: SampleScene.settings, distanceFilter: 3000)
        let longText = String(repeating: "Flash Flood Warning & <more> ", count: 200)
        for i in 0..<40_000 {
            // Steep waves: consecutive points lie about a pixel apart, so the line stays long.
            let latitude = 29 + 2 * sin(Double(i) / 40)
            scene.addTrackPoint(Coordinate(latitude: latitude, longitude: -95 + Double(i) * 0.000_3))
        }
        for i in 0..<6_000 {
            let latitude = SVGText.number(29 + Double(i % 97) * 0.003, decimals: 6)
            let longitude = SVGText.number(-95 + Double(i) * 0.002, decimals: 6)
            scene.add(
                SampleScene.line(
                    Double(i), .location, ["latitude": latitude, "longitude": longitude, "horizontalAccuracy": "1000"]))
            scene.add(SampleScene.line(Double(i), .geocodeFailed, ["code": "2"]))
            scene.add(
                SampleScene.line(
                    Double(i), .locationAvailable,
                    ["city": "Place \(i) \(longText)", "state": "TX", "latitude": latitude, "longitude": longitude]))
            scene.add(SampleScene.line(Double(i), .advisoryAvailable, ["location": "Place \(i)", "name": longText]))
            scene.add(SampleScene.line(Double(i), .push, ["alert": longText]))
            scene.add(
                SampleScene.line(
                    Double(i), .providerError, ["provider": "nws \(i)", "code": "timed_out", "message": longText]))
        }
        #expect(scene.failureMarks.count <= MapSceneLimits().failureMarks)
        let svg = SVGMapRenderer.render(scene)
        #expect(svg.utf8.count < 2_000_000)
        let tree = try SVGTree(svg)
        #expect(tree.children(of: "failure-marks", named: "g").count == scene.failureMarks.count)
    }
}
