import Foundation
import SafeXML
import Testing

/// Hostile input against the tree reader on the package's safe libxml2 settings: errors, never
/// crashes, hangs, file reads or unbounded memory.
@Suite struct HostileXMLTests {
    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE r [
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
        <r><name>&lol9;</name></r>
        """

    @Test func entityExpansionBombIsAnErrorNotAnExpansion() {
        #expect(throws: XMLTreeError(line: 14, column: 16, message: "entity 'lol9' not defined")) {
            try XMLTreeElement.parse(bytes: Array(Self.billionLaughs.utf8))
        }
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
            "<!DOCTYPE r [<!ENTITY xxe SYSTEM \"\(url)\">]><r><name>&xxe;</name></r>",
            "<!DOCTYPE r [<!ENTITY % p SYSTEM \"\(url)\"> %p;]><r><name>x</name></r>",
            "<!DOCTYPE r SYSTEM \"file://\(dtdFile.path)\"><r><name>&xxe;</name></r>",
            "<!DOCTYPE r [<!ENTITY xxe SYSTEM \"\(url)\">]><r name=\"&xxe;\"/>",
            "<!DOCTYPE r [<!ENTITY xxe SYSTEM \"/etc/passwd\">]><r><name>&xxe;</name></r>",
        ]
        for document in documents {
            if let tree = try? XMLTreeElement.parse(bytes: Array(document.utf8)) {
                #expect(!"\(tree)".contains(secret))
                #expect(!"\(tree)".contains("root:"))
            }
        }
        #expect(throws: XMLTreeError.self) { try XMLTreeElement.parse(bytes: Array(documents[0].utf8)) }
    }

    @Test func deepNestingStopsAtTheDepthLimit() {
        let depth = 100_000
        let text = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        #expect(throws: XMLTreeError(line: 1, column: 1 + 64 * 3, message: "elements are nested deeper than 64 levels"))
        {
            try XMLTreeElement.parse(bytes: Array(text.utf8))
        }
    }

    @Test func hugeTextIsAnErrorNotAnAllocation() {
        var bytes = Array("<r><e>".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "1"), count: 20_000_000)
        bytes += Array("</e></r>".utf8)
        #expect(throws: XMLTreeError.self) { try XMLTreeElement.parse(bytes: bytes) }
    }

    @Test func hugeAttributeIsAnError() {
        var bytes = Array("<r a=\"".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "1"), count: 20_000_000)
        bytes += Array("\"/>".utf8)
        #expect(throws: XMLTreeError.self) { try XMLTreeElement.parse(bytes: bytes) }
    }
}
