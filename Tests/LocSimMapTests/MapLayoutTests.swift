import LocSimMap
import Testing

/// The canvas follows the shape of the run: tall runs get a narrow map with the panel beside it,
/// wide runs a wide map with the panel below.
@Suite struct MapLayoutTests {
    @Test func aSquareRunKeepsTheSquareMapAndThePanelOnTheRight() {
        let layout = MapLayout(aspect: 1, margin: 40, panelWidth: 300)
        #expect(layout.mapFrame == PixelRect(x: 0, y: 0, width: 900, height: 900))
        #expect(layout.panelPosition == .right)
        #expect(layout.canvas(panelHeight: 123) == (1200, 900))
    }

    @Test func aTallRunGetsANarrowMap() {
        let layout = MapLayout(aspect: 0.5, margin: 40, panelWidth: 300)
        #expect(layout.mapFrame.width == 490)  // 820 · 0.5 + 80
        #expect(layout.mapFrame.height == 900)
        #expect(layout.panelPosition == .right && layout.panelColumns == 1)
        // Taller than 1 : 2 is clamped.
        #expect(MapLayout(aspect: 0.1, margin: 40, panelWidth: 300) == layout)
    }

    @Test func aWideRunGetsAWideMapWithThePanelBelowInColumns() {
        let layout = MapLayout(aspect: 2, margin: 40, panelWidth: 300)
        #expect(layout.mapFrame == PixelRect(x: 0, y: 0, width: 1200, height: 640))  // 1120 / 2 + 80
        #expect(layout.panelPosition == .below)
        #expect(layout.panelColumns == 4)
        #expect(layout.canvas(panelHeight: 300) == (1200, 940))
        // Wider than 3 : 1 is clamped; just wider than square starts at 900 px wide.
        #expect(MapLayout(aspect: 40, margin: 40, panelWidth: 300).mapFrame.height == 454)
        #expect(MapLayout(aspect: 1.1, margin: 40, panelWidth: 300).mapFrame.width == 990)
        #expect(MapLayout(aspect: 1.1, margin: 40, panelWidth: 300).panelColumns == 3)
    }

    @Test func theRendererFitsTheCanvasToTheScene() throws {
        let wide = try MapGoldenTests.i10Scene()
        let renderer = SVGMapRenderer()
        #expect(renderer.layout(for: wide).panelPosition == .below)
        let tree = try SVGTree(renderer.render(wide))
        #expect(SVGTree.number(tree.root, "width") == 1200)
        let height = try #require(SVGTree.number(tree.root, "height"))
        #expect(height < 900)
        let tall = renderer.layout(for: MapGoldenTests.northSouthScene())
        #expect(tall.panelPosition == .right && tall.mapFrame.width < 700)
        // Fixed canvases and empty scenes keep 1200 × 900.
        let fixed = SVGMapRenderer(options: SVGMapOptions(fitsTrack: false)).layout(for: wide)
        #expect(fixed.mapFrame == PixelRect(x: 0, y: 0, width: 900, height: 900))
        #expect(renderer.layout(for: MapScene()).canvas(panelHeight: 0) == (1200, 900))
    }

    @Test func aWideMapIsFilledAcrossItsWidth() throws {
        let scene = try MapGoldenTests.i10Scene()
        let renderer = SVGMapRenderer()
        let viewport = try #require(renderer.viewport(for: scene))
        let extent = try #require(scene.extent)
        let west = viewport.project(unitX: extent.minX, unitY: extent.minY)
        let east = viewport.project(unitX: extent.maxX, unitY: extent.maxY)
        // The run spans the usable width (1200 − 2 · 40) exactly.
        #expect(abs((east.x - west.x) - 1120) < 1e-6)
    }
}
