import LocSimSupport
import Testing

@Suite struct ISO8601TimestampTests {
    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00Z"),
        (1_795_990_774.5, "2026-11-29T22:19:34.500Z"),
        (1_795_990_774, "2026-11-29T22:19:34Z"),
        (1_795_990_774.0004, "2026-11-29T22:19:34Z"),
        (1_795_990_774.0456, "2026-11-29T22:19:34.046Z"),
        (1_795_990_774.9996, "2026-11-29T22:19:35Z"),
        (951_782_400, "2000-02-29T00:00:00Z"),
        (-1, "1969-12-31T23:59:59Z"),
        (-0.25, "1969-12-31T23:59:59.750Z"),
        (253_402_300_799, "9999-12-31T23:59:59Z"),
        (-62_167_219_200, "0000-01-01T00:00:00Z"),
    ])
    func formats(epoch: Double, text: String) {
        #expect(ISO8601Timestamp.format(epochSeconds: epoch) == text)
    }

    @Test(arguments: [Double.nan, .infinity, 253_402_300_800, -62_167_219_201])
    func refusesWhatItCannotWrite(epoch: Double) {
        #expect(ISO8601Timestamp.format(epochSeconds: epoch) == nil)
    }

    @Test(arguments: [
        (0.0, 0, "1970-01-01T00:00:00Z"),
        (1_715_691_600, 0, "2024-05-14T13:00:00Z"),
        (1_715_691_600.25, 3, "2024-05-14T13:00:00.250Z"),
        (1_715_691_600.9996, 3, "2024-05-14T13:00:01.000Z"),
        (-1, 0, "1969-12-31T23:59:59Z"),
        (-0.5, 1, "1969-12-31T23:59:59.5Z"),
        (951_825_600, 0, "2000-02-29T12:00:00Z"),
        (253_402_300_799, 0, "9999-12-31T23:59:59Z"),
    ])
    func formatsWithAFixedNumberOfDigits(seconds: Double, digits: Int, expected: String) {
        #expect(ISO8601Timestamp.format(epochSeconds: seconds, fractionDigits: digits) == expected)
    }

    /// The one clock recordings read: `SOURCE_DATE_EPOCH` when set (and a whole number ≥ 0),
    /// else the wall clock in whole seconds.
    @Test func recordedAtHonoursSourceDateEpoch() throws {
        #expect(ISO8601Timestamp.recordedAt(environment: ["SOURCE_DATE_EPOCH": "1717200000"]) == "2024-06-01T00:00:00Z")
        for ignored in ["-1", "soon", ""] {
            let text = ISO8601Timestamp.recordedAt(environment: ["SOURCE_DATE_EPOCH": ignored])
            #expect(text.count == 20 && text.hasSuffix("Z") && text.hasPrefix("20"), "\(text)")
        }
    }
}
