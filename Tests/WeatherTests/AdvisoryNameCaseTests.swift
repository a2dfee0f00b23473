import Testing

@testable import Weather

@Suite struct AdvisoryNameCaseTests {
    @Test(arguments: [
        ("COASTAL FLOOD ADVISORY", "Coastal Flood Advisory"),
        ("LAKE EFFECT SNOW WARNING", "Lake Effect Snow Warning"),
        ("STATEMENT", "Statement"),
        ("Coastal Flood Advisory", "Coastal Flood Advisory"),
        ("Special Weather Statement", "Special Weather Statement"),
        ("HEAT ADVISORY  ", "Heat Advisory  "),
    ])
    func capitalsBecomeTitleCaseMixedCaseIsKept(sent: String, shown: String) {
        #expect(AdvisoryNameCase.display(sent) == shown)
    }
}
