import LocSimSupport
import Testing

/// issue 34 item 9: XML locsim writes (an exported GPX on stdout, an SVG map) holds no control
/// character but the line feed: tab, CR, DEL and C1 are character references.
@Suite struct XMLEscapingControlTests {
    @Test func controlsBecomeCharacterReferences() {
        #expect(XMLEscaping.escape("a\tb\rc\nd\u{7F}\u{85}\u{9B}") == "a&#9;b&#13;c\nd&#x7F;&#x85;&#x9B;")
        #expect(XMLEscaping.escape("a\nb", escapingWhitespace: true) == "a&#10;b")
        #expect(XMLEscaping.escape("\u{1B}") == "\u{FFFD}")
    }
}
