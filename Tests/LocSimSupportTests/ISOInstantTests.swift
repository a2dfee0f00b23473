import LocSimSupport
import Testing

struct ISOInstantTests {
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", 0.0),
        ("2024-05-01T14:00:00Z", 1_714_572_000),
        ("2024-05-01T10:00:00-04:00", 1_714_572_000),
        ("2024-05-01T19:30:00+05:30", 1_714_572_000),
        ("2024-05-01T14:00:00.250Z", 1_714_572_000.25),
        ("2000-02-29T12:00:00Z", 951_825_600),
        ("2024-05-01 14:00:00z", 1_714_572_000),
        ("2024-05-01T24:00:00Z", 1_714_608_000),
    ])
    func readsZonesAndFractions(text: String, seconds: Double) {
        #expect(ISOInstant.epochSeconds(text) == seconds)
    }

    @Test(arguments: [
        "", "2024-05-01", "2024-05-01T14:00:00", "2024-13-01T00:00:00Z", "2024-05-01T14:00:00+0400",
        "2024-05-01T14:00:00Zjunk", "yesterday",
        // Impossible dates and leap seconds, refused as the GPX reader refuses them (one parser).
        "2023-02-29T00:00:00Z", "2024-02-30T00:00:00Z", "2024-04-31T00:00:00Z", "2024-05-01T23:59:60Z",
        "2024-05-01T25:00:00Z",
    ])
    func refusesWhatIsNotAnInstant(text: String) {
        #expect(ISOInstant.epochSeconds(text) == nil)
    }

    @Test func agreesWithTheFormatter() {
        for seconds in [0.0, 951_825_600, 1_714_572_000, 4_102_444_799] {
            #expect(ISOInstant.epochSeconds(ISO8601Timestamp.format(epochSeconds: seconds)!) == seconds)
        }
    }
}
