import LocSimLocationCore
import Testing

@Suite struct DesiredAccuracyTests {
    @Test(arguments: [
        ("best-for-navigation", DesiredAccuracy.bestForNavigation, -2.0, 5.0),
        ("best", .best, -1, 5),
        ("nearest-ten-meters", .nearestTenMeters, 10, 10),
        ("hundred-meters", .hundredMeters, 100, 100),
        ("kilometer", .kilometer, 1000, 1000),
        ("three-kilometers", .threeKilometers, 3000, 3000),
        ("reduced", .reduced, 5000, 5000),
        ("250", .metres(250), 250, 250),
        ("7.5", .metres(7.5), 7.5, 7.5),
    ])
    func parsesArgumentsAndGivesValuesAndRadii(
        argument: String, accuracy: DesiredAccuracy, value: Double, radius: Double
    ) {
        #expect(DesiredAccuracy(argument: argument) == accuracy)
        #expect(accuracy.coreLocationValue == value)
        #expect(accuracy.radius == radius)
        #expect(DesiredAccuracy(argument: accuracy.argument) == accuracy)
    }

    @Test(arguments: ["", "0", "-5", "nan", "inf", "Best", "kilometre", "10m"])
    func rejectsBadArguments(argument: String) {
        #expect(DesiredAccuracy(argument: argument) == nil)
    }

    @Test func defaultIsKilometer() {
        #expect(DesiredAccuracy.default == .kilometer)
    }
}
