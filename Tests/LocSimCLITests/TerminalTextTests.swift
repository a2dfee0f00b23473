import LocSimCLI
import Testing

/// issue 34 item 9: the one rendering path. Line feeds locsim writes are kept; a value's are shown;
/// the only control sequences sent are a style and the progress line's redraw.
@Suite struct TerminalTextTests {
    static let name = "bad\u{1B}]0;owned\u{07}\r\nFORGED: valid.gpx"

    @Test func anInterpolatedValueCannotStartALine() {
        let text: TerminalText = "\(Self.name): valid\n"
        #expect(text.rendered == #"bad\e]0;owned\u{07}\r\nFORGED: valid.gpx: valid"# + "\n")
    }

    @Test func literalsKeepTheirLineFeedsAndNothingElse() {
        let text: TerminalText = "one\n\u{1B}[2Jtwo\t\u{9B}\n"
        #expect(text.rendered == "one\n" + #"\e[2Jtwo\t\u{9B}"# + "\n")
    }

    @Test func linesKeepTheirLineFeeds() {
        #expect(TerminalText(lines: "{\"a\":1}\n\u{1B}x\n").rendered == "{\"a\":1}\n" + #"\ex"# + "\n")
        let error: any Error = CancellationError()
        #expect(("\(error)" as TerminalText).rendered == "CancellationError()")
    }

    @Test func stylesAndTheLineRedrawAreTheControlsSent() {
        let text = TerminalText.clearLine + .styled("\(Self.name)", "1;31")
        #expect(text.rendered == "\r\u{1B}[K\u{1B}[1;31m" + #"bad\e]0;owned\u{07}\r\nFORGED: valid.gpx"# + "\u{1B}[0m")
    }

    @Test func nestedTextIsKeptAsItIs() {
        let inner: TerminalText = "\(Self.name)"
        let outer: TerminalText = "[\(inner)]\n"
        #expect(outer.rendered == "[" + inner.rendered + "]\n")
    }
}
