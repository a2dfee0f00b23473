import Foundation
import LocSimLocationCore
import LocSimSimulation
import Testing

@testable import LocSimMap

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `provider_error`, `location_error` and `region_error` are drawn where the run was, each kind
/// with its own mark, and listed in the legend only when the run had them.
@Suite struct FailureMarkTests {
    @Test func failuresAreMarkedAtTheirAnchorsAndFoldedWhenConsecutive() {
        let scene = SampleScene.makeWithFailures()
        #expect(scene.providerErrorCount == 3)
        #expect(scene.locationErrorCount == 1)
        #expect(scene.regionErrorCount == 1)
        let franklin = Coordinate(latitude: 29.7981, longitude: -91.497)
        let fix3 = Coordinate(latitude: 29.8071, longitude: -91.4258)
        let baldwin = Coordinate(latitude: 29.8124, longitude: -91.3889)
        #expect(
            scene.failureMarks == [
                MapFailureMark(
                    kind: .provider, coordinate: franklin, count: 2, codes: ["nws: not_recorded", "aeris: timed_out"],
                    message: "no cassette answers GET /alerts/active", t: 0),
                MapFailureMark(
                    kind: .location, coordinate: fix3, count: 1, codes: ["0"], message: "locationUnknown", t: 366),
                MapFailureMark(
                    kind: .provider, coordinate: baldwin, count: 1, codes: ["aeris: service_error"], message: "boom",
                    t: 549),
                MapFailureMark(
                    kind: .region, coordinate: baldwin, count: 1, codes: ["home: 5"], message: "monitoring failed",
                    t: 549),
            ])
    }

    @Test func aLocationErrorBeforeAnyTrackPointIsMarkedAtTheStartOfTheTrack() {
        var scene = MapScene()
        scene.add(SampleScene.line(0, .locationError, ["code": "1", "message": "denied"]))
        #expect(scene.failureMarks.isEmpty)
        #expect(scene.locationErrorCount == 1)
        scene.addTrackPoint(SampleScene.trackStart)
        scene.add(SampleScene.line(0, .locationError, ["code": "1", "message": "denied"]))
        scene.addTrackPoint(SampleScene.trackEnd)
        #expect(
            scene.failureMarks == [
                MapFailureMark(
                    kind: .location, coordinate: SampleScene.trackStart, count: 2, codes: ["1"], message: "denied", t: 0
                )
            ])
        // A provider error needs a place or a fix.
        var early = MapScene()
        early.add(SampleScene.line(0, .providerError, ["provider": "nws", "code": "timed_out"]))
        early.addTrackPoint(SampleScene.trackStart)
        #expect(early.failureMarks.isEmpty && early.providerErrorCount == 1)
    }

    @Test func eachMarkHasItsKindAndATooltip() throws {
        let tree = try SVGTree(SVGMapRenderer.render(SampleScene.makeWithFailures()))
        let marks = tree.children(of: "failure-marks", named: "g")
        #expect(
            marks.compactMap { SVGTree.string($0, "class") } == [
                "provider-error", "location-error", "provider-error", "region-error",
            ])
        #expect(
            marks.compactMap(SVGTree.title) == [
                "Provider error ×2 (nws: not_recorded, aeris: timed_out): no cassette answers GET /alerts/active",
                "Location error (0): locationUnknown", "Provider error (aeris: service_error): boom",
                "Region error (home: 5): monitoring failed",
            ])
    }

    @Test func theLegendListsOnlyTheKindsTheRunHad() throws {
        func legend(_ scene: MapScene) throws -> [String] {
            try SVGTree(SVGMapRenderer.render(scene)).children(of: "legend", named: "text").compactMap(\.stringValue)
        }
        let failures = try legend(SampleScene.makeWithFailures())
        #expect(failures.contains("Provider error (3)"))
        #expect(failures.contains("Location error (1)"))
        #expect(failures.contains("Region error (1)"))
        #expect(
            !failures.contains { $0.hasPrefix("Advisory") || $0.hasPrefix("Push") || $0.hasPrefix("Geocode failed") })
        let sample = try legend(SampleScene.make())
        #expect(sample.contains("Geocode failed (2)") && sample.contains("Advisory (2)") && sample.contains("Push (1)"))
        #expect(!sample.contains { $0.contains("error") })
    }

    @Test func theFiguresCountProviderAndRegionErrors() {
        let figures = SVGMapRenderer().figures(
            SampleScene.makeWithFailures(), summary: SVGMapRenderer.MapSummary(), viewport: nil)
        #expect(figures.contains("Provider errors: 3"))
        #expect(figures.contains("Region errors: 1"))
        #expect(figures.contains("Location errors: 1"))
    }
}
