import LocSimLocationCore
import Testing

@Suite struct DistanceFilterTests {
    @Test(arguments: [
        ("none", DistanceFilter.none), ("0", .metres(0)), ("3000", .metres(3000)), ("12.5", .metres(12.5)),
    ])
    func parses(argument: String, filter: DistanceFilter) {
        #expect(DistanceFilter(argument: argument) == filter)
        #expect(DistanceFilter(argument: filter.argument) == filter)
    }

    @Test(arguments: ["", "-1", "nan", "infinity", "None", "3 km"])
    func rejectsBadArguments(argument: String) {
        #expect(DistanceFilter(argument: argument) == nil)
    }

    @Test func defaultIs3000AndNoneIsMinusOne() {
        #expect(DistanceFilter.default == .metres(3000))
        #expect(DistanceFilter.none.coreLocationValue == -1)
    }
}
