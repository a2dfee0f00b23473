import Testing

@testable import LocSimWeather

struct URLBuildingTests {
    @Test(arguments: [
        (29.7966, "29.7966"), (29.79655, "29.7966"), (-91.50164, "-91.5016"), (30.0, "30"), (-85.1, "-85.1"),
        (-0.00001, "0"), (135.50230, "135.5023"), (42.886716, "42.8867"),
    ])
    func coordinatesHaveAtMostFourDecimalsTrimmed(value: Double, expected: String) {
        #expect(formatCoordinateForQuery(value) == expected)
    }

    @Test func queryValuesArePercentEncoded() {
        #expect(percentEncodeQueryValue("<AERIS_CLIENT_ID>") == "%3CAERIS_CLIENT_ID%3E")
        #expect(percentEncodeQueryValue("29.7966,-91.5016") == "29.7966,-91.5016")
        #expect(percentEncodeQueryValue("a b&c=d") == "a%20b%26c%3Dd")
    }
}
