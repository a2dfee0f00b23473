import LocSimLocationCore
import LocSimSimulation
import Testing

@testable import LocSimMap

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
        #expect(SVGMapRenderer.labelOrder(places, markers: markers).places.map(\.name) == ["B", "D", "A", "C"])
        #expect(SVGMapRenderer.labelOrder(places, markers: []).places.map(\.name) == ["A", "B", "C", "D"])
        let failure = MapFailureMark(
            kind: .provider, coordinate: Coordinate(latitude: 29.3, longitude: -91), count: 1,
            codes: ["nws: timed_out"],
            message: "", t: 3)
        #expect(
            SVGMapRenderer.labelOrder(places, markers: markers, failures: [failure]).places.map(\.name) == [
                "B", "C", "D", "A",
            ])
    }
}

/// A place with an advisory and a push keeps its label when the markers and the fixes around it
/// take every spot next to it (as at Baton Rouge on the I-10 drive): it tries wider rings.
@Suite struct StoryLabelTests {
    @Test func aCrowdedMarkedPlaceIsStillLabelled() throws {
        var lines: [TranscriptLine] = []
        // Three rows of fixes 0.005° (about 15 px) apart and 0.002° along, the middle one
        // through the marked place: every spot at the usual gap is taken.
        for row in [-1.0, 0, 1] {
            for i in 0...200 {
                let latitude = 30 + row * 0.005
                let longitude = -91.2 + Double(i) * 0.002
                lines.append(
                    SampleScene.line(
                        Double(i), .location,
                        [
                            "latitude": String(latitude), "longitude": String(longitude),
                            "horizontalAccuracy": "100",
                        ]))
            }
        }
        lines.append(
            SampleScene.line(20, .location, ["latitude": "30", "longitude": "-91", "horizontalAccuracy": "100"]))
        lines.append(
            SampleScene.line(
                20, .locationAvailable,
                [
                    "city": "Baton Rouge", "state": "LA", "country": "United States", "latitude": "30",
                    "longitude": "-91",
                ]))
        lines.append(
            SampleScene.line(
                20, .advisoryAvailable,
                ["location": "Baton Rouge, LA", "name": "Severe Thunderstorm Warning", "provider": "aeris"]))
        lines.append(
            SampleScene.line(20, .push, ["alert": "Weather Advisory for Baton Rouge, LA", "sound": "alert.caf"]))
        var scene = MapScene(settings: [], distanceFilter: 3000)
        scene.addTrackPoint(Coordinate(latitude: 30, longitude: -91.2))
        scene.addTrackPoint(Coordinate(latitude: 30, longitude: -90.8))
        for line in lines { scene.add(line) }
        let tree = try SVGTree(SVGMapRenderer.render(scene))
        let labels = tree.children(of: "places", named: "text").compactMap(\.stringValue)
        #expect(labels == ["Baton Rouge, LA"])
    }
}
