import LocSimSimulation
import Testing

@Suite struct TranscriptLineTests {
    @Test func typesKnownKeysAndSortsEverything() {
        let line = TranscriptLine(
            t: 12.5,
            notification: BusNotification(
                name: .location,
                userInfo: [
                    "latitude": "29.796500", "longitude": "-91.501000", "horizontalAccuracy": "1000", "city": "1000",
                ]
            )
        )
        #expect(
            line.text
                == #"{"city":"1000","event":"location","horizontalAccuracy":1000,"latitude":29.796500,"longitude":-91.501000,"t":12.500}"#
        )
    }

    @Test func nonNumericValuesUnderNumericKeysStayStrings() {
        let line = TranscriptLine(
            t: 0, notification: BusNotification(name: .providerError, userInfo: ["code": "warn_no_data"]))
        #expect(line.text == #"{"code":"warn_no_data","event":"provider_error","t":0.000}"#)
    }

    @Test func providerCodesStayStringsCLErrorCodesAreNumbers() {
        let provider = TranscriptLine(
            t: 0, notification: BusNotification(name: .providerError, userInfo: ["code": "401", "provider": "owm"]))
        #expect(provider.text == #"{"code":"401","event":"provider_error","provider":"owm","t":0.000}"#)
        let geocode = TranscriptLine(t: 0, notification: BusNotification(name: .geocodeFailed, userInfo: ["code": "2"]))
        #expect(geocode.text == #"{"code":2,"event":"geocode_failed","t":0.000}"#)
    }

    @Test func payloadIsEmbeddedAsJSON() {
        let line = TranscriptLine(
            t: 1, notification: BusNotification(name: .push, userInfo: ["payload": #"{"aps":{"sound":"alert.caf"}}"#]))
        #expect(line.text == #"{"event":"push","payload":{"aps":{"sound":"alert.caf"}},"t":1.000}"#)
    }
}
