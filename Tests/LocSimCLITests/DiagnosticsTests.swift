import LocSimCLI
import Testing

@Suite struct DiagnosticsTests {
    @Test func plainLinesWithoutATerminal() {
        let output = MemoryOutput()
        let diagnostics = Diagnostics(output: output, environment: [:])
        diagnostics.error("<trkpt> is missing attribute 'lat'", at: "Waypoints/x.gpx:12:5")
        diagnostics.warning("no timestamps; using --speed")
        diagnostics.note("recorded with --mode once")
        #expect(!diagnostics.usesColor)
        #expect(
            output.text == """
                Waypoints/x.gpx:12:5: error: <trkpt> is missing attribute 'lat'
                warning: no timestamps; using --speed
                note: recorded with --mode once

                """
        )
    }

    @Test func colourOnATerminal() {
        let output = MemoryOutput(isTerminal: true)
        let diagnostics = Diagnostics(output: output, environment: ["TERM": "xterm-256color"])
        diagnostics.error("bad", at: "f.gpx:1:2")
        diagnostics.warning("meh")
        #expect(diagnostics.usesColor)
        #expect(
            output.text
                == "\u{1B}[1mf.gpx:1:2:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m bad\n\u{1B}[1;35mwarning:\u{1B}[0m meh\n")
    }

    @Test(arguments: [
        (true, [String: String](), true),
        (true, ["NO_COLOR": ""], true),
        (true, ["NO_COLOR": "1"], false),
        (true, ["TERM": "dumb"], false),
        (false, [:], false),
    ])
    func colourRules(isTerminal: Bool, environment: [String: String], enabled: Bool) {
        #expect(Diagnostics.colorIsEnabled(isTerminal: isTerminal, environment: environment) == enabled)
    }
}

/// issue 24 item 5: a file name or message carrying ESC, OSC or CR/LF is printed escaped.
@Suite struct DiagnosticsEscapingTests {
    @Test func controlCharactersInFileNamesAndMessagesAreEscaped() {
        let output = MemoryOutput()
        let diagnostics = Diagnostics(output: output, environment: [:])
        diagnostics.error("cannot read \u{1B}]0;x\u{07}", at: "evil\r\nfake: error: x\u{1B}[2J.gpx:1:1")
        #expect(output.text == #"evil\r\nfake: error: x\e[2J.gpx:1:1: error: cannot read \e]0;x\u{07}"# + "\n")
    }
}
