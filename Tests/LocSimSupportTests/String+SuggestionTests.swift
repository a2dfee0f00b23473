import LocSimSupport
import Testing

@Suite struct StringSuggestionTests {
    @Test(arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("same", "same", 0),
        ("--distnce-filter", "--distance-filter", 1),
        ("--fromat", "--format", 1),
        ("kitten", "sitting", 3),
        ("ca", "abc", 3),
        ("replya", "replay", 1),
    ])
    func distances(lhs: String, rhs: String, distance: Int) {
        #expect(lhs.editDistance(to: rhs) == distance)
        #expect(rhs.editDistance(to: lhs) == distance)
    }

    @Test func closestPrefersTheSmallestDistanceThenTheFirstListed() {
        #expect("--sed".closest(among: ["--speed", "--seed"]) == "--seed")
        #expect("--rat".closest(among: ["--rate", "--map"]) == "--rate")
        #expect("ab".closest(among: ["ax", "xb"]) == "ax")
        #expect("--colour".closest(among: ["--format", "--source"]) == nil)
        #expect("abcd".closest(among: ["abxy"], maximumDistance: 2) == "abxy")
        #expect("abcd".closest(among: ["axyz"], maximumDistance: 2) == nil)
    }

    @Test(
        arguments: [
            ("distanceFiltr", "distanceFilter"), ("Seed", "seed"), ("authorisation", "authorization"),
            ("xyz", nil), ("kind", "kind"), ("desiredAcuracy", "desiredAccuracy"), ("noies", "noise"),
        ] as [(String, String?)])
    func longNamesAllowMoreEditsWhenAskedAndCaseCanBeIgnored(word: String, expected: String?) {
        let keys = ["desiredAccuracy", "distanceFilter", "seed", "authorization", "kind", "noise"]
        #expect(word.closest(among: keys, editsPerCharacters: 3, ignoringCase: true) == expected)
    }

    @Test func caseCountsUnlessIgnored() {
        #expect("SEED".closest(among: ["seed"]) == nil)
        #expect("SEED".closest(among: ["seed"], ignoringCase: true) == "seed")
        #expect("--distance-filtre-x".closest(among: ["--distance-filter"]) == nil)
        #expect("--distance-filtre-x".closest(among: ["--distance-filter"], editsPerCharacters: 3) != nil)
    }
}
