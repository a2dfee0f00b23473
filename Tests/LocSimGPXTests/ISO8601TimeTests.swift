import LocSimSupport
import Testing

@testable import LocSimGPX

@Suite struct ISO8601TimeTests {
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", 0.0),
        ("2024-05-14T13:00:00Z", 1_715_691_600),
        ("2024-05-14T13:00:00", 1_715_691_600),
        ("2024-05-14T15:00:00+02:00", 1_715_691_600),
        ("2024-05-14T15:00:00+0200", 1_715_691_600),
        ("2024-05-14T15:00:00+02", 1_715_691_600),
        ("2024-05-14T08:00:00-05:00", 1_715_691_600),
        ("2024-05-14T13:00:00.5Z", 1_715_691_600.5),
        ("2024-05-14T13:00:00.250Z", 1_715_691_600.25),
        ("2024-05-14T13:00:00.1234567890123456789Z", 1_715_691_600.123456789012345),
        ("2024-02-29T00:00:00Z", 1_709_164_800),
        ("2000-02-29T12:00:00Z", 951_825_600),
        ("1969-12-31T23:59:59Z", -1),
        ("2024-05-13T24:00:00Z", 1_715_644_800),
        ("  2024-05-14T13:00:00Z\n", 1_715_691_600),
        ("2024-05-14T13:00:00-14:00", 1_715_742_000),
    ])
    func parsesTimesFoundInTheWild(text: String, expected: Double) {
        #expect(ISO8601Time.parse(text) == expected)
    }

    @Test(arguments: [
        "", "garbage", "2024-13-01T00:00:00Z", "2024-00-10T00:00:00Z", "2023-02-29T00:00:00Z",
        "2024-02-30T00:00:00Z", "2024-04-31T00:00:00Z", "2024-05-14T25:00:00Z", "2024-05-14T13:60:00Z",
        "2024-05-14T13:00:60Z", "2024-05-14T24:00:01Z", "2024-05-14 13:00:00Z", "2024-05-14T13:00Z",
        "2024-05-14T13:00:00.Z", "2024-05-14T13:00:00ZZ", "2024-05-14T13:00:00+2:00", "2024-05-14T13:00:00+15:00",
        "2024-05-14T13:00:00+02:60", "2024-05-14T13:00:00+02:0", "24-05-14T13:00:00Z", "2024-5-14T13:00:00Z",
        "2024-05-14", "2024-05-14T13:00:00z", "２０２４-05-14T13:00:00Z",
    ])
    func rejectsGarbage(text: String) {
        #expect(ISO8601Time.parse(text) == nil)
    }

    @Test func roundTripsEverySecondOfADayAndManyDays() {
        var seconds = -2_208_988_800.0  // 1900-01-01
        while seconds < 4_102_444_800 {  // 2100-01-01
            let text = ISO8601Timestamp.format(epochSeconds: seconds, fractionDigits: 0)!
            #expect(ISO8601Time.parse(text) == seconds, "\(text)")
            seconds += 86_400 * 7 + 3_601
        }
        for millis in stride(from: 0, to: 86_400_000, by: 7_919) {
            let time = ISO8601Time.parse(
                ISO8601Timestamp.format(epochSeconds: 1_715_644_800 + Double(millis) / 1000, fractionDigits: 3)!)!
            #expect(
                ISO8601Timestamp.format(epochSeconds: time, fractionDigits: 3)
                    == ISO8601Timestamp.format(epochSeconds: 1_715_644_800 + Double(millis) / 1000, fractionDigits: 3))
        }
    }

    @Test func civilDateConversionsAgreeForFourHundredYears() {
        for days in stride(from: -146_097, through: 146_097, by: 13) {
            let (year, month, day) = ISO8601Time.civilFromDays(days)
            #expect(ISO8601Time.daysFromCivil(year: year, month: month, day: day) == days)
            #expect(day <= ISO8601Time.daysInMonth(year: year, month: month))
        }
    }
}
