import LocSimLocationCore
import LocSimSimulation
import Testing

@testable import LocSimMap

@Suite struct SVGMapRendererPanelTests {
    @Test(arguments: [
        ("short", 10, ["short"]),
        ("Fixes: 50,000 delivered, 1 in 16 drawn", 20, ["Fixes: 50,000", "delivered, 1 in 16", "drawn"]),
        ("abcdefghijklmnopqrstuvwxyz", 10, ["abcdefghij", "klmnopqr", "stuvwxyz"]),
        ("one two three four five six seven eight nine", 10, ["one two", "three", "four fi…"]),
    ])
    func wrapsAtSpacesOntoAtMostThreeLines(text: String, width: Int, lines: [String]) {
        #expect(SVGMapRenderer.wrap(text, width: width) == lines)
    }

    @Test func figuresSayWhatWasDrawn() throws {
        let scene = SampleScene.make()
        let renderer = SVGMapRenderer()
        let viewport = try #require(renderer.viewport(for: scene))
        var summary = SVGMapRenderer.MapSummary()
        summary.trackPointsDrawn = 41
        summary.labelsDrawn = 3
        summary.scaleBar = ScaleBar(metresPerPixel: 24.4, maxPixels: 160)
        #expect(
            renderer.figures(scene, summary: summary, viewport: viewport) == [
                "Track: 41 points", "Fixes delivered: 5", "Geocodes: 4 ok, 2 failed", "Place labels: 3 of 3",
                "Advisories: 2, pushes: 1", "Scale: 1 px = 24.4 m at 29.81° N",
                "Web Mercator, zoom \(SVGText.number(viewport.zoom, decimals: 2))",
            ])
    }

    @Test func locationErrorsAppearInTheFigures() {
        var scene = MapScene()
        scene.add(SampleScene.line(0, .locationError, ["code": "1", "message": "denied"]))
        let figures = SVGMapRenderer().figures(scene, summary: SVGMapRenderer.MapSummary(), viewport: nil)
        #expect(figures.suffix(2) == ["Location errors: 1", "  code 1: denied"])
    }

    @Test func longPanelsAreCutAtTheBottom() throws {
        var scene = SampleScene.make()
        scene.settings = (0..<100).map { ("key\($0)", "value") }
        for options in [SVGMapOptions(), SVGMapOptions(fitsTrack: false)] {
            let tree = try SVGTree(SVGMapRenderer.render(scene, options: options))
            let height = try #require(SVGTree.number(tree.root, "height"))
            let ys = tree.children(of: "panel", named: "text").compactMap { SVGTree.number($0, "y") }
            #expect(ys.allSatisfy { $0 <= height - 12 })
            #expect(ys.count < 100)
        }
    }
}
