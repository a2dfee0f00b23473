import LocSimCanonicalJSON
import LocSimLocationCore
import LocSimScenarioHarness
import LocSimSettings
import Testing

/// `events` in `scenario.json`: read into ``ReplaySettings/events``, written back, and each
/// problem reported at the line and column of the value at fault.
@Suite struct ScenarioEventsTests {
    let path = "Recordings/permission-revoked-i10/scenario.json"

    func errorText(_ text: String) -> String { ScenarioFileTests.errorText(text, file: path) }

    @Test func readsTheEventsInTheOrderGiven() throws {
        let text = """
            {"version": 1, "track": "Waypoints/houston-new-orleans-i10.gpx",
             "events": [{"t": 600, "kind": "background"}, {"kind": "authorization-denied", "t": 90.5}]}
            """
        let file = try ScenarioFile.parse(text, file: path)
        #expect(
            file.settings.events == [
                DriveEvent(t: 600, kind: .background), DriveEvent(t: 90.5, kind: .authorizationChanged(.denied)),
            ])
        let spec = try #require(ReplaySettingSpec.named(key: "events"))
        #expect(
            spec.json(of: file.settings).compact()
                == #"[{"kind":"background","t":600},{"kind":"authorization-denied","t":90.5}]"#)
        #expect(spec.text(of: file.settings) == "600=background 90.5=authorization-denied")
    }

    @Test func anUnknownKindNamesItsLineAndColumnAndTheNearestKind() {
        let text = """
            {
              "version": 1,
              "track": "Waypoints/houston-new-orleans-i10.gpx",
              "events": [
                {"t": 60, "kind": "background"},
                {"t": 120, "kind": "authorization-deny"}
              ]
            }
            """
        #expect(
            errorText(text)
                == "Recordings/permission-revoked-i10/scenario.json:6:24: error: unknown event kind "
                + "\"authorization-deny\" at 'events[1].kind' (known kinds: "
                + DriveEvent.Kind.names.joined(separator: ", ") + ") (did you mean \"authorization-denied\"?)")
    }

    @Test(arguments: [
        (#"{"t": -1, "kind": "background"}"#, "3:18: error: 'events[0].t' must be a number of seconds ≥ 0, got -1"),
        (
            #"{"t": "10", "kind": "background"}"#,
            "3:18: error: 'events[0].t' must be a number of seconds ≥ 0, got \"10\""
        ),
        (#"{"kind": "background"}"#, "3:12: error: 'events[0]' must have \"t\", the event's time in seconds"),
        (#"{"t": 1}"#, "3:12: error: 'events[0]' must have \"kind\", what happens"),
        (#"{"t": 1, "kind": 3}"#, "3:29: error: unknown event kind 3 at 'events[0].kind'"),
        (
            #"{"t": 1, "kind": "background", "when": 2}"#,
            "3:51: error: unknown key 'events[0].when' (known keys: kind, t)"
        ),
        (
            #""background""#,
            "3:12: error: 'events[0]' must be an object {\"t\": seconds, \"kind\": name}, got \"background\""
        ),
    ])
    func aBadEventIsReportedWhereItIs(element: String, expected: String) {
        let text = """
            {"version": 1, "track": "Waypoints/houston-new-orleans-i10.gpx",
             "events": [
                       \(element)
             ]}
            """
        let message = errorText(text)
        #expect(message.hasPrefix(path + ":" + expected), "\(message)")
    }

    @Test func eventsThatAreNotAnArrayAreReportedAtTheKey() {
        let text = #"{"version": 1, "track": "Waypoints/franklin-la.gpx", "events": {"t": 1}}"#
        #expect(
            errorText(text)
                == path
                + ":1:64: error: 'events' must be an array of {\"t\": seconds, \"kind\": name} objects, got {\"t\":1}")
    }
}
