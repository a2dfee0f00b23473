import LocSimCanonicalJSON
import LocSimSimulation
import Testing

@testable import LocSimPush

struct PushMessageTests {
    @Test func alertTextByteForByte() {
        let message = PushMessage(location: "Franklin, LA", advisoryName: "Coastal Flood Advisory")
        #expect(message.alert == "Weather Advisory for Franklin, LA:  Coastal Flood Advisory")
        #expect(Array(message.alert.utf8)[33...35] == [0x3A, 0x20, 0x20])
        #expect(message.sound == "alert.caf")
    }

    @Test func parseDataAndAPNsPayload() {
        let message = PushMessage(location: "Franklin, LA", advisoryName: "Coastal Flood Advisory")
        #expect(
            message.data.compact()
                == #"{"alert":"Weather Advisory for Franklin, LA:  Coastal Flood Advisory","sound":"alert.caf"}"#)
        #expect(
            message.apnsPayloadText
                == #"{"aps":{"alert":"Weather Advisory for Franklin, LA:  Coastal Flood Advisory","sound":"alert.caf"}}"#
        )
        #expect(message.apnsPayloadByteCount == 98)
    }

    @Test func parseRESTBody() {
        let message = PushMessage(location: "Buffalo, NY", advisoryName: "Lake Effect Snow Warning")
        #expect(
            message.parseRESTBody(where: .object(["deviceType": .string("ios")])).compact()
                == #"{"data":{"alert":"Weather Advisory for Buffalo, NY:  Lake Effect Snow Warning","sound":"alert.caf"},"where":{"deviceType":"ios"}}"#
        )
    }

    /// `{"aps":{"alert":"","sound":"alert.caf"}}` is 40 bytes; the alert fills the rest.
    @Test(arguments: [(4096 - 40, true), (4097 - 40, false)])
    func limitIs4096Bytes(alertBytes: Int, fits: Bool) {
        let message = PushMessage(alert: String(repeating: "a", count: alertBytes))
        #expect(message.apnsPayloadByteCount == alertBytes + 40)
        #expect(message.fitsAPNsLimit == fits)
    }

    @Test func limitCountsUTF8BytesNotCharacters() {
        let fits = PushMessage(alert: String(repeating: "é", count: 2028))
        #expect(fits.apnsPayloadByteCount == 4056 + 40)
        #expect(fits.fitsAPNsLimit)
        let over = PushMessage(alert: String(repeating: "é", count: 2029))
        #expect(over.apnsPayloadText.count < 4096)
        #expect(!over.fitsAPNsLimit)
    }

    @Test func escapesStayValidJSON() throws {
        let message = PushMessage(location: "Coeur d'Alene, ID", advisoryName: "\"Red Flag\" Warning\n")
        let parsed = try JSONValue.parse(message.apnsPayloadText)
        #expect(
            parsed["aps"]?["alert"]?.stringValue == "Weather Advisory for Coeur d'Alene, ID:  \"Red Flag\" Warning\n")
    }

    @Test func transcriptEmbedsThePayloadAsJSON() {
        let message = PushMessage(location: "Franklin, LA", advisoryName: "Coastal Flood Advisory")
        let line = TranscriptLine(t: 12.5, notification: BusNotification(name: .push, userInfo: message.userInfo))
        #expect(
            line.text
                == #"{"alert":"Weather Advisory for Franklin, LA:  Coastal Flood Advisory","event":"push","payload":{"aps":{"alert":"Weather Advisory for Franklin, LA:  Coastal Flood Advisory","sound":"alert.caf"}},"sound":"alert.caf","t":12.500}"#
        )
    }
}
