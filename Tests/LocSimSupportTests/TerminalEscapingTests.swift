import LocSimSupport
import Testing

/// issue 24 item 5: outside text never sends control sequences to a terminal or forges a line.
@Suite struct TerminalEscapingTests {
    @Test(
        arguments: [
            ("Flood Warning", "Flood Warning"),
            ("\u{1B}]0;pwned\u{07}title", #"\e]0;pwned\u{07}title"#),
            ("\u{1B}[2J\u{1B}[H", #"\e[2J\e[H"#),
            ("a\r\nforged: line", #"a\r\nforged: line"#),
            ("tab\there", #"tab\there"#),
            ("c1 \u{9B}31m csi", #"c1 \u{9B}31m csi"#),
            ("del\u{7F} nul\u{00}", #"del\u{7F} nul\u{00}"#),
            ("Besançon ☂︎ 東京", "Besançon ☂︎ 東京"),
        ] as [(String, String)])
    func controlCharactersAreShownAsEscapes(text: String, shown: String) {
        #expect(TerminalEscaping.escape(text) == shown)
    }

    @Test func newlinesCanBeKeptForMultiLineMessages() {
        #expect(TerminalEscaping.escape("one\ntwo\r\u{1B}", keepingNewlines: true) == "one\ntwo\\r\\e")
    }
}
