import LocSimSettings
import Testing

@testable import LocSimWeather

struct AdvisorySelectionTests {
    let warning = Advisory(provider: .aeris, id: "1", name: "LAKE EFFECT SNOW WARNING", type: "LE.W", body: "")
    let advisory = Advisory(provider: .aeris, id: "2", name: "WIND ADVISORY", type: "WI.Y", body: "")
    let statement = Advisory(provider: .aeris, id: "3", name: "SPECIAL WEATHER STATEMENT", type: "SP.S", body: "")

    @Test func lastIsTheDefaultRuleOfTheOriginalApp() {
        #expect(AdvisorySelection.last.select([warning, advisory, statement]) == [statement])
        #expect(AdvisorySelection.last.select([]) == [])
    }

    @Test func allKeepsProviderOrder() {
        #expect(AdvisorySelection.all.select([warning, advisory, statement]) == [warning, advisory, statement])
    }

    @Test func mostSeverePicksTheWarningWhereverItIs() {
        #expect(AdvisorySelection.mostSevere.select([advisory, warning, statement]) == [warning])
        #expect(AdvisorySelection.mostSevere.select([statement, advisory]) == [advisory])
    }

    @Test func mostSevereBreaksTiesByNWSSeverityThenTakesTheLast() {
        let minor = Advisory(provider: .nws, id: "a", name: "Flood Warning", body: "", severity: "Moderate")
        let extreme = Advisory(provider: .nws, id: "b", name: "Tornado Warning", body: "", severity: "Extreme")
        let minor2 = Advisory(provider: .nws, id: "c", name: "Flood Warning", body: "", severity: "Moderate")
        #expect(AdvisorySelection.mostSevere.select([extreme, minor]) == [extreme])
        #expect(AdvisorySelection.mostSevere.select([minor, minor2]) == [minor2])
    }

    @Test func emergencyOutranksWarnings() {
        let emergency = Advisory(provider: .aeris, name: "FLASH FLOOD WARNING", type: "FF.W", body: "", emergency: true)
        #expect(AdvisorySelection.mostSevere.select([emergency, warning]) == [emergency])
    }

    @Test(arguments: [
        (Advisory(provider: .nws, name: "Winter Storm Watch", body: ""), 3),
        (Advisory(provider: .nws, name: "Heat Advisory", body: ""), 2),
        (Advisory(provider: .nws, name: "Beach Hazards Statement", body: ""), 1),
        (Advisory(provider: .aeris, name: "STATEMENT", type: "BH.S", body: ""), 1),
        (Advisory(provider: .nws, name: "Air Quality Alert", body: ""), 0),
        (Advisory(provider: .nws, name: "Civil Emergency Message", body: ""), 5),
    ])
    func significanceFromTypeOrName(advisory: Advisory, expected: Int) {
        #expect(AdvisorySelection.significance(advisory) == expected)
    }

    @Test func parsesNamesAndRejectsOthers() throws {
        let spec = try #require(ReplaySettingSpec.named(flag: "--advisory"))
        var settings = ReplaySettings()
        #expect(spec.apply(argument: "most-severe", to: &settings))
        #expect(settings.advisory == .mostSevere)
        #expect(spec.apply(argument: "last", to: &settings))
        #expect(settings.advisory == .last)
        #expect(!spec.apply(argument: "severest", to: &settings))
        #expect(settings.advisory == .last)
    }
}
