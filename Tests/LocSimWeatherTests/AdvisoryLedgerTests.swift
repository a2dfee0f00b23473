import Testing

@testable import LocSimWeather

struct AdvisoryLedgerTests {
    let flood = Advisory(
        provider: .aeris, id: "x1", name: "COASTAL FLOOD ADVISORY", type: "CF.Y", body: "b",
        expires: "2024-09-11T19:00:00-05:00")

    @Test func admitsOncePerPlace() {
        var ledger = AdvisoryLedger()
        let admitted = [
            ledger.admit(flood, location: "Franklin, LA"), ledger.admit(flood, location: "Franklin, LA"),
            ledger.admit(flood, location: "Morgan City, LA"),
        ]
        #expect(admitted == [true, false, true])
        #expect(ledger.count == 2)
        #expect(ledger.contains(flood, location: "Franklin, LA"))
    }

    @Test func aNewExpiryOrProviderIsANewAdvisoryButNotANewBody() {
        var extended = flood
        extended.expires = "2024-09-12T07:00:00-05:00"
        var fromNWS = flood
        fromNWS.provider = .nws
        var differentBody = flood
        differentBody.body = "other text"
        var ledger = AdvisoryLedger()
        let admitted = [flood, extended, fromNWS, differentBody].map { ledger.admit($0, location: "Franklin, LA") }
        #expect(admitted == [true, true, true, false])
    }
}
