import HTTPRecording
import Testing

@Suite struct RecordedAtTimestampTests {
    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00Z"),
        (951_782_400, "2000-02-29T00:00:00Z"),
        (1_714_582_991.9, "2024-05-01T17:03:11Z"),
        (-1, "1969-12-31T23:59:59Z"),
        (4_102_444_800, "2100-01-01T00:00:00Z"),
    ])
    func formatsUTCWholeSeconds(seconds: Double, expected: String) {
        #expect(RecordedAtTimestamp.format(secondsSince1970: seconds) == expected)
    }
}
