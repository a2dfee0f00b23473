import LocSimHTTPRecording
import Testing

@Suite struct RecordModeTests {
    @Test(arguments: RecordMode.allCases)
    func ciForcesNone(mode: RecordMode) {
        #expect(RecordMode.effective(mode, environment: ["CI": "true"]) == .none)
        #expect(RecordMode.effective(mode, environment: ["CI": "1", "GITHUB_ACTIONS": "true"]) == .none)
    }

    @Test(arguments: RecordMode.allCases)
    func withoutCITheRequestedModeStands(mode: RecordMode) {
        #expect(RecordMode.effective(mode, environment: [:]) == mode)
        #expect(RecordMode.effective(mode, environment: ["CI": ""]) == mode)
    }

    @Test func commandLineSpellings() {
        #expect(RecordMode.allCases.map(\.rawValue) == ["none", "once", "new-episodes", "all"])
        #expect(RecordMode(argument: "new-episodes") == .newEpisodes)
        #expect(RecordMode(argument: "newEpisodes") == nil)
    }

    @Test(
        arguments: [
            (false, nil, nil, RecordMode.none),
            (true, nil, nil, .none),
            (true, "c.json", nil, .once),
            (false, "c.json", nil, .none),
            (true, "c.json", .all, .all),
        ] as [(Bool, String?, RecordMode?, RecordMode)])
    func defaultModeRecordsOnlyWhenLiveIntoAFile(
        live: Bool, recordPath: String?, mode: RecordMode?, expected: RecordMode
    ) {
        #expect(RecordingOptions(live: live, recordPath: recordPath, mode: mode).effectiveMode == expected)
        #expect(
            RecordingOptions(live: live, recordPath: recordPath, mode: mode, environment: ["CI": "true"]).effectiveMode
                == .none)
    }
}
