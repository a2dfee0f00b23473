import Foundation
import LocSimLocationCore
import LocSimMap
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct MapContextTests {
    /// A packed file as `scripts/make-map-context.py` writes it.
    static func packed(quantum: Int = 1000, _ layers: [(String, [[(Int, Int)]])]) -> [UInt8] {
        var out = Array("LSCX".utf8)
        func varint(_ value: Int) {
            var value = value
            repeat {
                let byte = UInt8(value & 0x7F)
                value >>= 7
                out.append(value == 0 ? byte : byte | 0x80)
            } while value != 0
        }
        func signed(_ value: Int) { varint(value >= 0 ? value * 2 : -value * 2 - 1) }
        varint(1)
        varint(quantum)
        varint(layers.count)
        for (name, lines) in layers {
            varint(name.utf8.count)
            out += Array(name.utf8)
            varint(lines.count)
            for line in lines {
                varint(line.count)
                var previous = (0, 0)
                for point in line {
                    signed(point.0 - previous.0)
                    signed(point.1 - previous.1)
                    previous = point
                }
            }
        }
        return out
    }

    @Test func decodesLinesAndTheirBoxes() throws {
        let lines = try MapContextLines(
            packed: Self.packed([
                ("coast", [[(-91_500, 29_700), (-91_400, 29_750), (-91_300, 29_600)]]),
                ("unknown-layer", [[(0, 0), (1, 1)]]),
                ("borders", []),
            ]))
        let coast = try #require(lines.layers[.coast]?.first)
        #expect(coast.points == [-91.5, 29.7, -91.4, 29.75, -91.3, 29.6])
        #expect(coast.bounds == GeoBounds(south: 29.6, west: -91.5, north: 29.75, east: -91.3))
        #expect(lines.layers[.borders] == [])
        #expect(lines.layers.count == 2)
        let inside = GeoBounds(south: 29.7, west: -91.45, north: 29.8, east: -91.42)
        #expect(lines.lines(.coast, meeting: inside).count == 1)
        #expect(lines.lines(.coast, meeting: GeoBounds(south: 30, west: -91.45, north: 31, east: -91.42)).isEmpty)
    }

    @Test func rejectsWhatIsNotAContextFile() {
        #expect(throws: MapContextLines.FormatError.self) { try MapContextLines(packed: Array("GIF89a".utf8)) }
        let truncated = Array(Self.packed([("coast", [[(1, 2), (3, 4)]])]).dropLast(2))
        #expect(throws: MapContextLines.FormatError.self) { try MapContextLines(packed: truncated) }
    }

    @Test func theBundledDataHoldsEveryLayer() throws {
        let lines = try MapContextLines.bundled.get()
        let gulf = GeoBounds(south: 29, west: -95.5, north: 31, east: -89.5)
        #expect(!lines.lines(.coast, meeting: gulf).isEmpty)
        #expect(!lines.lines(.states, meeting: gulf).isEmpty)  // Texas–Louisiana
        #expect(lines.lines(.borders, meeting: gulf).isEmpty)
        let rioGrande = GeoBounds(south: 25.5, west: -100, north: 29, east: -97)
        #expect(!lines.lines(.borders, meeting: rioGrande).isEmpty)  // Texas–Mexico
    }

    @Test(arguments: [
        ("coast", [MapContextLayer.coast]), ("borders,coast", [.coast, .borders]),
        ("all", [.coast, .states, .borders]),
        ("none", []), (" states , coast ", [.coast, .states]),
    ])
    func parsesLayerLists(text: String, layers: [MapContextLayer]) throws {
        #expect(try MapContextLayer.parseList(text).get() == layers)
    }

    @Test func namesTheFirstUnknownLayer() {
        #expect(throws: MapContextLayer.InvalidName(name: "cost")) {
            try MapContextLayer.parseList("borders,cost").get()
        }
        #expect(throws: MapContextLayer.InvalidName(name: "none")) { try MapContextLayer.parseList("coast,none").get() }
    }

    @Test func linesAreCutToTheMapFrameAndDrawnUnderTheRun() throws {
        // A coastline running far beyond the sample map on both sides, through its middle.
        let lines = try MapContextLines(
            packed: Self.packed([("coast", [[(-93_000, 29_810), (-91_420, 29_810), (-90_000, 29_812)]])]))
        let scene = SampleScene.make()
        let renderer = SVGMapRenderer(options: SVGMapOptions(context: MapContext(layers: [.coast], lines: lines)))
        let frame = renderer.layout(for: scene).mapFrame
        let tree = try SVGTree(renderer.render(scene))
        let path = try #require(tree.element(id: "context-coast"))
        let numbers = (SVGTree.string(path, "d") ?? "").split(whereSeparator: { "ML \n".contains($0) }).compactMap {
            Double($0)
        }
        #expect(numbers.count == 6)  // the two cut ends and the middle point
        let xs = Swift.stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
        #expect(xs.first == frame.x - 2 && xs.last == frame.maxX + 2)
        // Under everything: the first group inside the map.
        let map = try #require(tree.element(id: "map"))
        let first = try #require((map.children ?? []).compactMap { $0 as? XMLElement }.first)
        #expect(SVGTree.string(first, "id") == "context")
        #expect(tree.children(of: "legend", named: "text").contains { $0.stringValue == "Coastline" })
    }
}
