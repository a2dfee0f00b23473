import Foundation
import Testing

@testable import LocSimScenarioHarness

@Suite struct SupportTests {
    @Test(
        arguments: [
            ("distanceFiltr", "distanceFilter"), ("Seed", "seed"), ("authorisation", "authorization"),
            ("xyz", nil), ("kind", "kind"),
        ] as [(String, String?)])
    func suggestsNearMisses(word: String, expected: String?) {
        let keys = ["desiredAccuracy", "distanceFilter", "seed", "authorization", "kind", "noise"]
        #expect(Suggestion.closest(to: word, in: keys) == expected)
    }

    @Test func parallelMapKeepsIndexOrder() {
        let values = parallelMap(count: 100, jobs: 4) { $0 * $0 }
        #expect(values == (0..<100).map { $0 * $0 })
        #expect(parallelMap(count: 0, jobs: 3) { $0 }.isEmpty)
    }
}
