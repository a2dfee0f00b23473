import LocSimSupport
import Testing

@Suite struct CivilCalendarTests {
    @Test(arguments: [
        (Int64(0), Int64(1970), Int64(1), Int64(1)), (-1, 1969, 12, 31), (11_016, 2000, 2, 29), (19_723, 2024, 1, 1),
        (-719_468, 0, 3, 1), (2_932_896, 9999, 12, 31),
    ])
    func knownDays(days: Int64, year: Int64, month: Int64, day: Int64) {
        #expect(CivilCalendar.date(fromDays: days) == (year, month, day))
        #expect(CivilCalendar.days(year: year, month: month, day: day) == days)
    }

    @Test func roundTripsEveryDayOfFourCenturies() {
        for days in Int64(-146_097)...Int64(146_097) {
            let date = CivilCalendar.date(fromDays: days)
            #expect(CivilCalendar.days(year: date.year, month: date.month, day: date.day) == days)
        }
    }
}
