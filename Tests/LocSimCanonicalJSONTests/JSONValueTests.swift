import LocSimCanonicalJSON
import Testing

@Suite struct JSONValueTests {
    @Test(arguments: [
        (29.7965, 6, "29.796500"), (-0.0000001, 6, "0.000000"), (-90.1234565, 6, "-90.123457"),
        (1.0005, 3, "1.001"), (0, 3, "0.000"), (12, 0, "12"), (0.5, 0, "1"),
    ])
    func fixedFormatting(value: Double, decimals: Int, expected: String) {
        #expect(formatFixed(value, decimals: decimals) == expected)
    }

    @Test func compactSortsKeysByUTF8() {
        let value: JSONValue = .object(["b": .int(1), "a": .string("x\"y\n"), "B": .null, "é": .bool(true)])
        #expect(value.compact() == #"{"B":null,"a":"x\"y\n","b":1,"é":true}"#)
    }

    @Test func prettyMatchesFoundationStyle() {
        let value: JSONValue = .object(["k": .array([.int(1), .object([:])]), "e": .array([])])
        #expect(value.pretty() == "{\n  \"e\" : [],\n  \"k\" : [\n    1,\n    {}\n  ]\n}")
    }

    @Test func parseKeepsNumberLiteralsVerbatim() throws {
        let value = try JSONValue.parse(#"{"lat": 29.3940757428, "n": -1e3, "z": 0, "s": "a\u00e9\ud83d\ude00"}"#)
        #expect(value["lat"] == .number("29.3940757428"))
        #expect(value["n"] == .number("-1e3"))
        #expect(value["s"] == .string("aé😀"))
        #expect(value.compact() == #"{"lat":29.3940757428,"n":-1e3,"s":"aé😀","z":0}"#)
    }

    @Test(arguments: ["", "{", "[1,]", "01", "\"abc", "{\"a\" 1}", "tru", "1 2", "[\"\u{01}\"]"])
    func parseRejectsMalformed(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
    }

    @Test func parseReportsLineAndColumn() {
        do {
            _ = try JSONValue.parse("{\n  \"a\": tru\n}")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 2)
            #expect(error.column == 8)
        }
    }

    /// A byte that is no character is named by its value, not as the Latin-1 character it would
    /// be (`'ÿ'` for a UTF-16 file's byte-order mark, found by an attack run on the library face
    /// with a cassette saved as UTF-16), and a control character is never printed raw.
    @Test func anUnexpectedByteIsNamedByItsValue() {
        func message(_ bytes: [UInt8]) -> String? {
            do {
                _ = try JSONValue.parse(utf8: bytes)
                return nil
            } catch {
                return error.description
            }
        }
        let utf16: [UInt8] = [0xFF, 0xFE] + Array(#"{"version":1}"#.utf8).flatMap { [$0, 0] as [UInt8] }
        #expect(
            message(utf16)
                == "1:1: unexpected byte 0xFF: the file is UTF-16 (it opens with a UTF-16 byte-order mark); JSON is read as UTF-8"
        )
        #expect(message([0xC3, 0xA9]) == "1:1: unexpected byte 0xC3")
        #expect(message(Array("[1,\u{1B}]".utf8)) == "1:4: unexpected byte 0x1B")
        #expect(message(Array("<html>".utf8)) == "1:1: unexpected character '<'")
    }

    @Test func deepNestingFailsSafely() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }
    }
}

@Suite struct JSONDuplicateKeyTests {
    func message(of text: String) -> String? {
        do {
            _ = try JSONValue.parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aRepeatedKeyNamesBothPositions() {
        let text = "{\n  \"track\": \"a.gpx\",\n  \"x\": {\"k\": 1},\n  \"track\": \"b.gpx\"\n}"
        #expect(message(of: text) == "4:3: " + #"duplicate key "track" (first at 2:3)"#)
    }

    @Test func nestedObjectsAreCheckedAndSameKeysInSiblingsAreFine() throws {
        #expect(message(of: #"{"a": {"k": 1, "k": 2}}"#) == "1:16: " + #"duplicate key "k" (first at 1:8)"#)
        let value = try JSONValue.parse(#"[{"k": 1}, {"k": 2}]"#)
        #expect(value == .array([.object(["k": .number("1")]), .object(["k": .number("2")])]))
    }

    /// Escapes decode first: `"\u0061"` and `"a"` are the same key.
    @Test func escapedSpellingsOfOneKeyAreDuplicates() {
        #expect(message(of: #"{"a": 1, "\u0061": 2}"#) == "1:10: " + #"duplicate key "a" (first at 1:2)"#)
    }

    /// A lone surrogate is U+FFFD and the escape after it is kept (a lone high surrogate took the
    /// next `\uXXXX` with it: `"\ud800\u0041"` read as one U+FFFD, the `A` lost).
    @Test(arguments: [
        (#""\ud800\u0041""#, "\u{FFFD}A"), (#""\udc00x""#, "\u{FFFD}x"), (#""\ud800""#, "\u{FFFD}"),
        (#""\ud800\ud83d\ude00""#, "\u{FFFD}\u{1F600}"), (#""\ud83d\ude00""#, "\u{1F600}"),
    ])
    func loneSurrogatesAreReplacedAndNothingAfterThemIsLost(text: String, expected: String) throws {
        #expect(try JSONValue.parse(text).stringValue == expected)
    }
}
