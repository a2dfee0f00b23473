import LocSimSafeXML
import Testing

@testable import LocSimGPX

/// issue 24 item 7: libxml2 compares each attribute with every earlier one of its element, so
/// 300 000 attributes took 41 s to validate. More than `AttributeLimit.maximum` on one element
/// (namespace declarations included) is refused before libxml2 reads the tag, with its place.
@Suite struct AttributeLimitTests {
    static func element(attributes count: Int, prefix: String = "a") -> String {
        "<wpt lat=\"1\" lon=\"2\" " + (0..<count).map { "\(prefix)\($0)=\"v\"" }.joined(separator: " ") + "/>"
    }

    static func gpx(_ body: String) -> [UInt8] {
        Array("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"t\">\n  \(body)\n</gpx>\n".utf8)
    }

    @Test(arguments: [16, 23, 64 * 1024])
    func tooManyAttributesAreRefusedWithTheTagsPlace(chunkSize: Int) {
        let validation = GPXValidator(options: GPXReaderOptions(chunkSize: chunkSize)).validate(
            bytes: Self.gpx(Self.element(attributes: 300_000)), path: "many.gpx")
        #expect(
            validation.diagnostics.map(\.description) == [
                "many.gpx:3:3: error: malformed XML: an element has more than 1000 attributes (namespace "
                    + "declarations included), the limit: refused before parsing it"
            ])
    }

    @Test func namespaceDeclarationsCountToo() {
        let validation = GPXValidator().validate(
            bytes: Self.gpx(Self.element(attributes: 1000, prefix: "xmlns:n")), path: "ns.gpx")
        #expect(validation.diagnostics.first?.line == 3)
        #expect(!validation.isValid)
    }

    @Test func theLimitItselfAndLookalikesInTextCommentsAndValuesPass() {
        let equalsEverywhere = String(repeating: "=", count: 5000)
        let body =
            Self.element(attributes: AttributeLimit.maximum - 2)
            + "\n  <!-- \(equalsEverywhere) -->\n  <wpt lat=\"3\" lon=\"4\"><name>\(equalsEverywhere)</name>"
            + "<desc><![CDATA[<x \(equalsEverywhere)>]]]></desc><cmt>a=\"b\"</cmt></wpt>"
            + "\n  <wpt lat=\"5\" lon=\"6\" name=\"\(equalsEverywhere)\"/>"
        let validation = GPXValidator().validate(bytes: Self.gpx(body), path: "ok.gpx")
        #expect(validation.diagnostics == [])
        #expect(validation.summary.waypoints == 3)
    }
}
