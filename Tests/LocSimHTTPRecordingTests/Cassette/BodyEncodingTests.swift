import LocSimCanonicalJSON
import LocSimHTTPRecording
import Testing

@Suite struct BodyEncodingTests {
    @Test(
        arguments: [
            ("application/json", #"{"a": [1, 2]}"#, BodyEncoding.json),
            ("application/geo+json", #"{"type":"FeatureCollection"}"#, .json),
            ("application/problem+json", #"{"status":404}"#, .json),
            ("application/json", #""just a string""#, .json),
            ("application/json", #"{"truncated": "#, .text),
            ("text/plain", #"{"a":1}"#, .text),
            ("text/xml", "<xml_api_reply/>", .text),
            ("application/xml", "<a/>", .text),
            ("application/x-www-form-urlencoded", "a=1&b=2", .text),
            (nil, #"[1,2]"#, .json),
            (nil, "plain words", .text),
            (nil, "42", .text),
            ("application/octet-stream", "abc", .base64),
            ("image/png", "abc", .base64),
        ] as [(String?, String, BodyEncoding)])
    func choosesTheEncodingFromContentTypeAndContent(contentType: String?, body: String, expected: BodyEncoding) {
        let (value, encoding) = BodyEncoding.encode(Array(body.utf8), contentType: contentType)
        #expect(encoding == expected)
        if encoding != .json { #expect(encoding.decode(value) == Array(body.utf8)) }
    }

    @Test func nonUTF8IsBase64WhateverTheType() {
        let bytes: [UInt8] = [0x7B, 0xFF, 0x7D]
        let (value, encoding) = BodyEncoding.encode(bytes, contentType: "application/json")
        #expect(encoding == .base64)
        #expect(value == .string("e/99"))
        #expect(encoding.decode(value) == bytes)
    }

    @Test func controlCharactersWithoutATypeAreBase64() {
        #expect(BodyEncoding.encode([0x41, 0x00, 0x42], contentType: nil).encoding == .base64)
    }

    @Test func emptyBodyIsEmptyText() {
        #expect(BodyEncoding.encode([], contentType: "application/json") == (.string(""), .text))
    }

    @Test func jsonNormalizesToCompactSortedVerbatimNumbers() {
        let normalized = BodyEncoding.normalize(
            Array("{ \"b\": 1.10,\n \"a\": \"\\u00e9\" }".utf8), contentType: "application/json")
        #expect(String(decoding: normalized, as: UTF8.self) == #"{"a":"é","b":1.10}"#)
    }
}
