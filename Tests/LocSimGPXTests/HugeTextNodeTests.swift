import Foundation
import LocSimGPX
import Testing

/// A text node past libxml2's 10 MB limit is reported in words, not as libxml2's
/// "internal error: Huge input lookup".
struct HugeTextNodeTests {
    @Test func aHugeCDATASectionSaysWhatIsTooLarge() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("huge.gpx").path
        let filler = String(repeating: "x", count: 12 << 20)
        let text = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <metadata><desc><![CDATA[\(filler)]]></desc></metadata>
            <wpt lat="1" lon="2"/></gpx>
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let validation = GPXValidator().validate(fileAt: path)
        let messages = validation.diagnostics.map(\.message)
        #expect(!messages.contains { $0.contains("Huge input lookup") })
        #expect(messages.contains { $0.contains("larger than libxml2's 10 MB limit") }, "\(messages)")
    }
}
