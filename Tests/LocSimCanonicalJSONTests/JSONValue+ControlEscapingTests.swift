import LocSimCanonicalJSON
import Testing

/// issue 34 item 9: a JSON text locsim writes (a transcript, `--format json`, a HAR, a cassette)
/// carries no raw control character, so it passes the terminal rendering unchanged: C0, DEL and
/// C1 (which a terminal may read as CSI) are `\u00XX` escapes.
@Suite struct JSONValueControlEscapingTests {
    @Test func controlCharactersAreEscapes() throws {
        let value = JSONValue.string("a\u{1B}[2J\u{7F}\u{85}\u{9B}1m\u{A0}é\n")
        #expect(value.compact() == #""a\u001b[2J\u007f\u0085\u009b1m\#u{A0}é\n""#)
        #expect(try JSONValue.parse(value.compact()) == value)
    }
}
