import LocSimGPX
import LocSimLocationCore
import LocSimReplay
import LocSimSimulation
import Testing

@Suite struct SourceSelectorTests {
    static func point(_ kind: GPXPointKind, _ latitude: Double) -> GPXPoint {
        GPXPoint(kind: kind, coordinate: Coordinate(latitude: latitude, longitude: 0))
    }

    /// Feeds `kinds` (latitudes 0, 1, 2, …) and returns what streamed, what was held and the kind.
    static func select(
        _ kinds: [GPXPointKind], forced: GPXPointKind? = nil
    ) -> (
        streamed: [Double], held: [Double], kind: GPXPointKind?
    ) {
        var selector = SourceSelector(forced: forced)
        var streamed: [Double] = []
        for (index, kind) in kinds.enumerated() {
            if let accepted = selector.accept(point(kind, Double(index))) {
                streamed.append(accepted.coordinate.latitude)
            }
        }
        let finish = selector.finish()
        return (streamed, finish.points.map(\.coordinate.latitude), finish.kind)
    }

    @Test func tracksWinAndStreamWithoutBeingHeld() {
        let result = Self.select([.waypoint, .routePoint, .trackPoint, .trackPoint, .waypoint])
        #expect(result.streamed == [2, 3])
        #expect(result.held.isEmpty)
        #expect(result.kind == .trackPoint)
    }

    @Test func routesWinOverWaypoints() {
        let result = Self.select([.waypoint, .routePoint, .routePoint, .waypoint])
        #expect(result.streamed.isEmpty)
        #expect(result.held == [1, 2])
        #expect(result.kind == .routePoint)
    }

    @Test func waypointsAreTheLastResort() {
        let result = Self.select([.waypoint, .waypoint])
        #expect(result.held == [0, 1])
        #expect(result.kind == .waypoint)
    }

    @Test(arguments: GPXPointKind.allCases)
    func aForcedKindStreamsOnlyThatKind(kind: GPXPointKind) {
        let all: [GPXPointKind] = [.waypoint, .routePoint, .trackPoint, .waypoint, .routePoint, .trackPoint]
        let result = Self.select(all, forced: kind)
        // Tracks stream; forced routes and waypoints are held (their times are a schedule only if
        // they never go back, which takes the whole list).
        let chosen = all.indices.filter { all[$0] == kind }.map(Double.init)
        #expect(result.streamed == (kind == .trackPoint ? chosen : []))
        #expect(result.held == (kind == .trackPoint ? [] : chosen))
        #expect(result.kind == kind)
    }

    @Test func nothingToReplay() {
        #expect(Self.select([]).kind == nil)
    }
}
