import LocSimCanonicalJSON
import Testing

@testable import LocSimWeather

struct UmbrellaRuleTests {
    @Test(arguments: [
        (0, "No umbrella required"), (30, "No umbrella required"), (31, "Peace of mind if you have a folding umbrella"),
        (69, "Peace of mind if you have a folding umbrella"), (70, "I need an umbrella"), (100, "I need an umbrella"),
    ])
    func thresholds(maxPop: Int, judgement: String) {
        #expect(UmbrellaRule(maxPop: maxPop).judgement == judgement)
    }

    @Test(arguments: [
        ("0", 0), ("1", 100), ("0.3", 30), ("0.30", 30), ("0.305", 31), ("0.295", 30), ("0.31", 31), ("0.69", 69),
        ("0.695", 70), ("0.7", 70), ("0.005", 1), ("0.0049", 0), ("0.0005", 0), ("3.05e-1", 31), ("1e0", 100),
        ("1.2", 100), ("-0.1", 0),
    ])
    func percentRoundsHalfUpOnTheLiteral(literal: String, expected: Int) {
        #expect(UmbrellaRule.percent(of: .number(literal)) == expected)
    }

    @Test func percentAcceptsNumericStringsOnly() {
        #expect(UmbrellaRule.percent(of: .string("0.45")) == 45)
        #expect(UmbrellaRule.percent(of: .string("high")) == nil)
        #expect(UmbrellaRule.percent(of: .null) == nil)
        #expect(UmbrellaRule.percent(of: .bool(true)) == nil)
    }

    @Test func onlyTheFirstSixSlotsCount() throws {
        let pops = ["0.1", "0.2", "0.3", "0.1", "0.2", "0.3", "0.99"]
        let list = pops.map { JSONValue.object(["pop": .number($0)]) }
        #expect(UmbrellaRule.evaluate(list: list) == UmbrellaRule(maxPop: 30))
    }

    @Test func missingPopCountsAsZeroButNoPopAtAllIsNil() {
        let some: [JSONValue] = [.object([:]), .object(["pop": .number("0.5")])]
        #expect(UmbrellaRule.evaluate(list: some)?.maxPop == 50)
        #expect(UmbrellaRule.evaluate(list: [.object([:]), .object(["pop": .null])]) == nil)
        #expect(UmbrellaRule.evaluate(list: []) == nil)
    }

    @Test func userInfoHasIntegerMaxPop() {
        #expect(
            UmbrellaRule(maxPop: 78).userInfo(location: "Osaka, Japan")
                == ["location": "Osaka, Japan", "maxPop": "78", "judgement": "I need an umbrella"])
    }
}
