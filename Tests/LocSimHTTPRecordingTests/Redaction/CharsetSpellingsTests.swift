import Foundation
import LocSimCanonicalJSON
import Testing

@testable import LocSimHTTPRecording

/// A secret echoed in another character encoding (found by an attack run: each reached the
/// cassette through every recorder): in UTF-16 (either byte order, with or without a byte-order
/// mark), or as mojibake (a non-ASCII value's UTF-8 read as Latin-1 or Windows-1252 and written
/// back as UTF-8), and in a Latin-1 page. Each is redacted where it is, the placeholder written
/// in the body's encoding, and the check before writing names the spelling.
@Suite struct CharsetSpellingsTests {
    /// Learned from a declared header.
    static let key = "Zq81topSecretApiKey"
    /// From the environment, with non-ASCII characters.
    static let umlaut = "pässwörd-Zq81xy"

    /// A redactor knowing `umlaut` as `PROBE_SECRET` (and `extra` as theirs) that has learned
    /// `key` as `PROBE_KEY`.
    static func redactor(extra: [String: String] = [:]) -> Redactor {
        let declared = ["PROBE_SECRET"] + extra.keys.sorted()
        let redactor = Redactor(
            declarations: [SecretDeclaration(variable: "PROBE_KEY", headers: ["X-Probe-Key"])]
                + declared.map { SecretDeclaration(variable: $0) },
            environment: extra.merging(["PROBE_SECRET": umlaut]) { $1 })
        _ = redactor.redact(HTTPRequest(url: "https://api.example.com/a", headers: ["X-Probe-Key": key]))
        return redactor
    }

    static func utf16(_ text: String, bigEndian: Bool, bom: Bool = false) -> [UInt8] {
        (bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : [])
            + Array(text.data(using: bigEndian ? .utf16BigEndian : .utf16LittleEndian)!)
    }

    /// `text`'s UTF-8 read as `charset` and written back as UTF-8.
    static func mojibake(_ text: String, _ charset: String.Encoding = .isoLatin1) -> String {
        String(data: Data(text.utf8), encoding: charset)!
    }

    static func response(_ body: [UInt8], type: String, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: headers.merging(["Content-Type": type]) { $1 }, body: body)
    }

    /// Whether `bytes` hold `needle` anywhere.
    static func holds(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        bytes.count >= needle.count && (0...(bytes.count - needle.count)).contains { bytes[$0...].starts(with: needle) }
    }

    @Test(arguments: [(false, true), (true, false)])
    func aSecretEchoedInUTF16IsReplacedInUTF16(bigEndian: Bool, bom: Bool) throws {
        let redactor = Self.redactor()
        let name = bigEndian ? "UTF-16BE" : "UTF-16LE"
        for (type, text, redacted) in [
            (
                "text/plain; charset=utf-16", "key=\(Self.key) secret=\(Self.umlaut)\n",
                "key=<PROBE_KEY> secret=<PROBE_SECRET>\n"
            ),
            (
                "application/json", #"{"echo":{"key":"\#(Self.key)","secret":"\#(Self.umlaut)"},"n":1}"#,
                #"{"echo":{"key":"<PROBE_KEY>","secret":"<PROBE_SECRET>"},"n":1}"#
            ),
        ] {
            let body = Self.utf16(text, bigEndian: bigEndian, bom: bom)
            let response = redactor.redact(Self.response(body, type: type))
            #expect(response.body == Self.utf16(redacted, bigEndian: bigEndian, bom: bom), "\(name) \(type)")
            // Not redacted, the cassette is refused, the report naming the spelling.
            let cassette = Cassette(
                interactions: [
                    HTTPInteraction(
                        request: HTTPRequest(url: "https://api.example.com/a"),
                        response: Self.response(body, type: type),
                        recordedAt: "2026-12-07T00:00:00Z")
                ])
            let leaks = redactor.leaks(inText: cassette.text())
            #expect(leaks.map(\.variable).sorted() == ["PROBE_KEY", "PROBE_SECRET"], "\(leaks)")
            #expect(leaks.allSatisfy { $0.form.hasPrefix(name) }, "\(leaks)")
            let written = Cassette(
                interactions: [
                    HTTPInteraction(
                        request: HTTPRequest(url: "https://api.example.com/a"), response: response,
                        recordedAt: "2026-12-07T00:00:00Z")
                ])
            #expect(redactor.leaks(inText: written.text()).isEmpty)
        }
        #expect(
            Redactor.form(of: Self.key, in: String(decoding: Self.utf16(Self.key, bigEndian: bigEndian), as: UTF8.self))
                == name)
    }

    /// A JSON echo of a UTF-16 request body escapes its NUL bytes (`\u0000`): still found.
    @Test func aUTF16EchoWithEscapedNULsIsReplaced() {
        let redactor = Self.redactor()
        let escaped = Self.key.unicodeScalars.map { "\($0)\\u0000" }.joined()
        let response = redactor.redact(
            Self.response(Array(#"{"data":"k=\#(escaped)"}"#.utf8), type: "application/json"))
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(!text.contains(escaped), "\(text)")
        #expect(Redactor.form(of: Self.key, in: "data=\(escaped)") == "UTF-16LE, then JSON-escaped")
    }

    @Test(arguments: [String.Encoding.isoLatin1, .windowsCP1252])
    func aSecretEchoedAsMojibakeIsReplaced(charset: String.Encoding) {
        // `€` and `’` are spelt differently by Latin-1 and Windows-1252.
        let secret = "s€cret’Zq81xy"
        let redactor = Self.redactor(extra: ["PROBE_EURO": secret])
        let name = charset == .isoLatin1 ? "Latin-1 mojibake" : "Windows-1252 mojibake"
        for value in [Self.umlaut, secret] {
            let garbled = Self.mojibake(value, charset)
            #expect(garbled != value)
            let variable = value == secret ? "PROBE_EURO" : "PROBE_SECRET"
            let response = redactor.redact(
                Self.response(
                    Array(#"{"echo":"you sent \#(garbled)","n":1}"#.utf8), type: "application/json",
                    headers: ["X-Echo": "v=\(garbled)"]))
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"echo":"you sent <\#(variable)>","n":1}"#)
            #expect(response.headers["X-Echo"] == "v=<\(variable)>")
            let text = redactor.redact(Self.response(Array("v=\(garbled);".utf8), type: "text/plain"))
            #expect(text.body == Array("v=<\(variable)>;".utf8))
            let form = Redactor.form(of: value, in: "v=\(garbled)")
            #expect(form == name || (value == Self.umlaut && form == "Latin-1 mojibake"), "\(form ?? "nil")")
        }
    }

    /// A page in Latin-1 spells `ä` as one byte.
    @Test func aSecretInALatin1PageIsReplaced() {
        let redactor = Self.redactor()
        let page = Array("<p>".utf8) + Array(Self.umlaut.data(using: .isoLatin1)!) + Array("</p>".utf8)
        let response = redactor.redact(Self.response(page, type: "text/html; charset=iso-8859-1"))
        #expect(response.body == Array("<p><PROBE_SECRET></p>".utf8))
        let stored = Data(page).base64EncodedString()
        #expect(redactor.leaks(inText: #"{"body":"\#(stored)"}"#).map(\.form) == ["Latin-1, in a base64 body"])
    }

    /// Of two secrets where one holds the other, the longer is replaced first in every encoding.
    @Test func aSecretInsideAnotherIsReplacedInEachEncoding() {
        let inner = "abcdéfgh12"
        let outer = "x" + inner + "x"
        let redactor = Redactor(
            declarations: [SecretDeclaration(variable: "INNER"), SecretDeclaration(variable: "OUTER")],
            environment: ["INNER": inner, "OUTER": outer])
        let text = "a=\(outer) b=\(inner)"
        for bigEndian in [false, true] {
            let response = redactor.redact(Self.response(Self.utf16(text, bigEndian: bigEndian), type: "text/plain"))
            #expect(response.body == Self.utf16("a=<OUTER> b=<INNER>", bigEndian: bigEndian))
        }
        let garbled = redactor.redact(Self.response(Array(Self.mojibake(text).utf8), type: "text/plain"))
        #expect(garbled.body == Array("a=<OUTER> b=<INNER>".utf8))
    }

    /// UTF-16 needles of an ASCII value hold NUL bytes: UTF-8 text that cannot spell one is not
    /// searched for them (the common case costs a `memchr`, not two more searches); text whose
    /// first NUL is at an even offset is searched for big-endian UTF-16 first.
    @Test func textThatCannotSpellANULIsNotSearchedForUTF16() {
        let plain = Array(#"{"a":"b\/c","u":"%41x","q":"\\u0041"}"#.utf8)
        #expect(Redactor.utf16Reading(of: plain) == .noNUL)
        #expect(
            Redactor.encodedNeedles(of: Self.key, reading: Redactor.utf16Reading(of: plain)).allSatisfy { !$0.holdsNUL }
        )
        for spelling in ["a\u{0}b", #"a\u0000b"#, "a%00b", "a%2500b", "a%5Cu0000b", #"a\\u0000b"#] {
            #expect(Redactor.utf16Reading(of: Array(spelling.utf8)) == .littleEndian, "\(spelling)")
        }
        #expect(Redactor.utf16Reading(of: [0, 0x41, 0, 0x42]) == .bigEndian)
        #expect(Redactor.utf16Reading(of: [0xFE, 0xFF, 0x4E, 0x2D]) == .bigEndian)
        #expect(
            Redactor.encodedNeedles(of: Self.key, reading: .bigEndian).first { $0.holdsNUL }?.encoding == .utf16BE)
        #expect(!Redactor.encodedNeedles(of: Self.key).contains { $0.encoding == .latin1Mojibake })
    }
}
