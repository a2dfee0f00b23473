import LocSimExport
import Testing

@Suite struct MaxStepTests {
    @Test(arguments: [
        ("100", MaxStep(metres: 100, seconds: nil)), ("25.5m", MaxStep(metres: 25.5, seconds: nil)),
        ("5s", MaxStep(metres: nil, seconds: 5)), ("100m,5s", MaxStep(metres: 100, seconds: 5)),
        ("2s,40", MaxStep(metres: 40, seconds: 2)),
    ])
    func parses(argument: String, expected: MaxStep) {
        #expect(MaxStep(argument: argument) == expected)
    }

    @Test(arguments: ["", "0", "-5", "10km", "5s,6s", "1m,2m", "nan", "inf", "1,2,3", "s"])
    func rejects(argument: String) {
        #expect(MaxStep(argument: argument) == nil)
    }

    @Test func printsAsTyped() {
        #expect(MaxStep.default.description == "100m")
        #expect(MaxStep(metres: 2.5, seconds: 10).description == "2.5m,10s")
    }
}
