import LocSimSupport
import Testing

@Suite struct PercentEncodingTests {
    @Test(arguments: [
        ("coeur d'alene, id", "coeur%20d%27alene%2C%20id"), ("osaka-shi", "osaka-shi"), ("Zürich", "Z%C3%BCrich"),
        ("A-Z_a.z~0", "A-Z_a.z~0"), ("", ""),
        ("/?#[]@!$&'()*+,;=", "%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D"),
    ])
    func onlyUnreservedCharactersStay(raw: String, encoded: String) {
        #expect(PercentEncoding.encode(raw) == encoded)
    }

    @Test func optionsKeepCharactersWritePlusAndLowercaseHex() {
        #expect(PercentEncoding.encode("29.7966,-91.5016", keeping: ",") == "29.7966,-91.5016")
        #expect(PercentEncoding.encode("a b/c", spaceAsPlus: true) == "a+b%2Fc")
        #expect(PercentEncoding.encode("a b/c", lowercaseHex: true) == "a%20b%2fc")
        #expect(PercentEncoding.encode("a+b", spaceAsPlus: true) == "a%2Bb")
    }
}

@Suite struct XMLEscapingTests {
    @Test(arguments: [
        ("Franklin, LA", "Franklin, LA"),
        (#"A & B <c> "d" 'e'"#, "A &amp; B &lt;c&gt; &quot;d&quot; &apos;e&apos;"),
        ("tab\tnew\nline\r", "tab&#9;new\nline&#13;"),
        ("bell\u{07}null\u{00}", "bell\u{FFFD}null\u{FFFD}"),
        ("Baton Rouge — Lafayette ⛈", "Baton Rouge — Lafayette ⛈"),
        ("\u{FFFE}\u{FFFF}", "\u{FFFD}\u{FFFD}"),
    ])
    func escapesForXML(raw: String, escaped: String) {
        #expect(XMLEscaping.escape(raw) == escaped)
    }

    @Test func attributeValuesCanKeepTheirWhitespace() {
        #expect(XMLEscaping.escape("a\tb\nc\rd", escapingWhitespace: true) == "a&#9;b&#10;c&#13;d")
        #expect(XMLEscaping.escape("<\u{01}>", escapingWhitespace: true) == "&lt;\u{FFFD}&gt;")
    }

    @Test func cdataSplitsItsTerminatorAndReplacesForbiddenCharacters() {
        #expect(XMLEscaping.cdata("a ]]> b\u{0B}") == "<![CDATA[a ]]]]><![CDATA[> b\u{FFFD}]]>")
        #expect(XMLEscaping.cdata("") == "<![CDATA[]]>")
    }
}

@Suite struct ListTextTests {
    @Test(
        arguments: [
            ([], ""), (["a"], "a"), (["a", "b"], "a or b"), (["a", "b", "c"], "a, b or c"),
        ] as [([String], String)])
    func joinsWithOrBeforeTheLast(values: [String], text: String) {
        #expect(ListText.joined(values) == text)
    }

    @Test func quotesAndConjunctionsAsSwiftArgumentParserDoes() {
        let cli = { (values: [String]) in ListText.joined(values, quote: "'", pairConjunction: "and") }
        #expect(cli(["a"]) == "'a'")
        #expect(cli(["a", "b"]) == "'a' and 'b'")
        #expect(cli(["a", "b", "c", "d"]) == "'a', 'b', 'c' or 'd'")
        #expect(ListText.joined(["a", "b", "c"], quote: "\"", conjunction: nil) == #""a", "b", "c""#)
    }
}
