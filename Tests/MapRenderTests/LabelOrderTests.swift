import LocationCore
import Testing

@testable import MapRender

/// Places with an advisory, a push or a failure claim the label slots before the places in between.
@Suite struct LabelOrderTests {
    @Test func markedPlacesComeFirstInRunOrder() {
        func place(_ name: String, _ latitude: Double) -> MapPlace {
            MapPlace(coordinate: Coordinate(latitude: latitude, longitude: -91), name: name, t: latitude)
        }
        let places = [place("A", 29.1), place("B", 29.2), place("C", 29.3), place("D", 29.4)]
        let markers = [
            MapMarker(kind: .push, coordinate: Coordinate(latitude: 29.4, longitude: -91), text: "d", number: 1, t: 4),
            MapMarker(
                kind: .advisory, coordinate: Coordinate(latitude: 29.2, longitude: -91), text: "b", number: 1, t: 2),
        ]
        #expect(SVGMapRenderer.labelOrder(places, markers: markers).map(\.name) == ["B", "D", "A", "C"])
        #expect(SVGMapRenderer.labelOrder(places, markers: []).map(\.name) == ["A", "B", "C", "D"])
        let failure = MapFailureMark(
            kind: .provider, coordinate: Coordinate(latitude: 29.3, longitude: -91), count: 1,
            codes: ["nws: timed_out"],
            message: "", t: 3)
        #expect(
            SVGMapRenderer.labelOrder(places, markers: markers, failures: [failure]).map(\.name) == [
                "B", "C", "D", "A",
            ])
    }
}
