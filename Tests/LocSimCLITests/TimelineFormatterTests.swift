import LocSimSimulation
import Testing

@testable import LocSimCLI

/// issue 24 item 5: advisory names and places from a provider or a cassette reach the text
/// timeline with their control characters escaped.
@Suite struct TimelineFormatterTests {
    @Test func advisoryNamesAndPlacesCannotSendControlSequences() {
        let line = TranscriptLine(
            t: 12,
            notification: BusNotification(
                name: "ADVISORY_AVAILABLE",
                userInfo: [
                    "location": "Franklin\r\n     99.000  push", "name": "Flood \u{1B}]0;owned\u{07}Warning\u{9B}2J",
                    "provider": "aeris",
                ]))
        let text = TimelineFormatter(color: false).line(line).rendered
        #expect(
            text
                == #"    12.000  ADVISORY_AVAILABLE  Franklin\r\n     99.000  push: Flood \e]0;owned\u{07}Warning\u{9B}2J [aeris]"#
                + "\n")
    }
}
