import Foundation
import LocSimCanonicalJSON
import LocSimSafeXML
import Testing

@testable import LocSimGPX

/// Hostile input against the settings every libxml2 parse in the package shares (LocSimSafeXML's), through
/// the GPX reader and the XML tree reader: errors, never crashes, hangs, file reads or unbounded memory.
@Suite struct LibXML2PushParserTests {
    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE gpx [
         <!ENTITY lol "lol">
         <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
         <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
         <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
         <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
         <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
         <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
         <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
         <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
         <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
        ]>
        <gpx><wpt lat="1" lon="2"><name>&lol9;</name></wpt></gpx>
        """

    @Test func entityExpansionBombIsAnErrorNotAnExpansion() {
        let validation = GPXValidator().validate(bytes: Array(Self.billionLaughs.utf8), path: "lol.gpx")
        #expect(
            validation.diagnostics.map(\.description) == [
                "lol.gpx:14:39: error: malformed XML: entity 'lol9' not defined"
            ])
        #expect(throws: XMLTreeError.self) { try XMLTreeElement.parse(bytes: Array(Self.billionLaughs.utf8)) }
    }

    @Test func externalEntitiesNeverReadLocalFiles() throws {
        let secret = "locsim-secret-\(UInt64.random(in: 1...UInt64.max))"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-xxe-\(secret)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let secretFile = directory.appendingPathComponent("secret.txt")
        try Data("\(secret)\n".utf8).write(to: secretFile)
        let dtdFile = directory.appendingPathComponent("evil.dtd")
        try Data("<!ENTITY xxe SYSTEM \"file://\(secretFile.path)\">".utf8).write(to: dtdFile)
        let url = "file://\(secretFile.path)"
        let documents = [
            "<!DOCTYPE gpx [<!ENTITY xxe SYSTEM \"\(url)\">]><gpx><wpt lat=\"1\" lon=\"2\"><name>&xxe;</name></wpt></gpx>",
            "<!DOCTYPE gpx [<!ENTITY % p SYSTEM \"\(url)\"> %p;]><gpx><wpt lat=\"1\" lon=\"2\"><name>x</name></wpt></gpx>",
            "<!DOCTYPE gpx SYSTEM \"file://\(dtdFile.path)\"><gpx><wpt lat=\"1\" lon=\"2\"><name>&xxe;</name></wpt></gpx>",
            "<!DOCTYPE gpx [<!ENTITY xxe SYSTEM \"\(url)\">]><gpx><wpt lat=\"1\" lon=\"2\" name=\"&xxe;\"/></gpx>",
            "<!DOCTYPE gpx [<!ENTITY xxe SYSTEM \"/etc/passwd\">]><gpx><wpt lat=\"1\" lon=\"2\"><name>&xxe;</name></wpt></gpx>",
        ]
        for document in documents {
            let bytes = Array(document.utf8)
            let validation = GPXValidator().validate(bytes: bytes, path: "xxe.gpx")
            let everything =
                validation.diagnostics.map(\.description).joined(separator: "\n") + validation.json.compact()
            #expect(!everything.contains(secret))
            #expect(!everything.contains("root:"))
            var names: [String] = []
            _ = try? GPXReader().read(bytes: bytes, path: "xxe.gpx") { names.append($0.name ?? "") }
            #expect(!names.joined().contains(secret))
            #expect(!names.joined().contains("root:"))
            if let tree = try? XMLTreeElement.parse(bytes: bytes) {
                #expect(!"\(tree)".contains(secret))
                #expect(!"\(tree)".contains("root:"))
            }
        }
        // A reference to an undeclared (never loaded) entity is an error, not silently empty.
        let first = GPXValidator().validate(bytes: Array(documents[0].utf8), path: "xxe.gpx")
        #expect(first.diagnostics.map(\.message) == ["malformed XML: entity 'xxe' not defined"])
    }

    @Test func deepNestingStopsAtTheDepthLimit() {
        let depth = 100_000
        var text = "<gpx>"
        text += String(repeating: "<a>", count: depth)
        text += String(repeating: "</a>", count: depth)
        text += "</gpx>"
        let validation = GPXValidator().validate(bytes: Array(text.utf8), path: "deep.gpx")
        #expect(validation.diagnostics.map(\.code) == [.tooDeep])
        #expect(validation.diagnostics.first?.message == "elements are nested deeper than 256 levels")
        #expect(validation.diagnostics.first?.column == 6 + 255 * 3)
        #expect(throws: XMLTreeError.self) { try XMLTreeElement.parse(bytes: Array(text.utf8)) }
    }

    @Test func hugeTextInAKeptElementIsAnError() {
        var bytes = Array("<gpx><wpt lat=\"1\" lon=\"2\"><ele>".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "1"), count: 20_000_000)
        bytes += Array("</ele></wpt></gpx>".utf8)
        let validation = GPXValidator().validate(bytes: bytes, path: "big.gpx")
        #expect(validation.diagnostics.map(\.description) == ["big.gpx:1:27: error: <ele> is longer than 4096 bytes"])
        #expect(throws: XMLTreeError.self) { try XMLTreeElement.parse(bytes: bytes) }
    }

    @Test func aHugeNameIsCutAtACharacterBoundaryNotAnError() throws {
        var bytes = Array("<gpx><wpt lat=\"1\" lon=\"2\"><name>a".utf8)
        for _ in 0..<5_000_000 { bytes += Array("é".utf8) }
        bytes += Array("</name></wpt></gpx>".utf8)
        var names: [String] = []
        _ = try GPXReader().read(bytes: bytes, path: "big.gpx") { names.append($0.name ?? "") }
        #expect(names.count == 1)
        #expect(names[0].utf8.count == 4095, "4096 bytes would split the last é")
        #expect(names[0] == "a" + String(repeating: "é", count: 2047))
        #expect(GPXValidator().validate(bytes: bytes, path: "big.gpx").isValid)
    }

    @Test func hugeTextInASkippedElementIsNeverKept() throws {
        var bytes = Array("<gpx><wpt lat=\"1\" lon=\"2\"><desc>".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "a"), count: 20_000_000)
        bytes += Array("</desc></wpt></gpx>".utf8)
        let summary = try GPXReader().read(bytes: bytes, path: "big.gpx") { _ in }
        #expect(summary.waypoints == 1)
    }

    @Test func hugeAttributeIsAnError() {
        var bytes = Array("<gpx><wpt lon=\"2\" lat=\"".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "1"), count: 20_000_000)
        bytes += Array("\"/></gpx>".utf8)
        let validation = GPXValidator().validate(bytes: bytes, path: "attr.gpx")
        #expect(!validation.isValid)
        #expect(validation.diagnostics.first?.code == .malformedXML)
    }

    @Test func nothingIsPrintedForEncodingErrors() throws {
        // A byte sequence iconv rejects: libxml2 reports it through the generic handler, which
        // the parser mutes; the failure still surfaces as a diagnostic.
        var bytes = Array("<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<gpx><wpt lat=\"1\" lon=\"2\"><name>".utf8)
        bytes += [0x18, 0x20, 0x80, 0xFF]
        bytes += Array("</name></wpt></gpx>".utf8)
        let validation = GPXValidator().validate(bytes: bytes, path: "enc.gpx")
        #expect(validation.diagnostics.map(\.code) == [.malformedXML])
    }
}
