import Foundation
import LocSimCanonicalJSON
import LocSimHTTPRecording
import Testing

/// Cassette → HAR → cassette is byte-identical for every cassette in the repository; HAR →
/// cassette → HAR keeps every field locsim models.
@Suite struct HARRoundTripTests {
    /// Every cassette file of the repository: `Recordings/**`, `Examples/**` and the test
    /// fixtures (JSON files with `interactions` at the top level).
    static func repositoryCassettes() -> [String] {
        var found: [String] = []
        for folder in ["Recordings", "Examples", "Tests", "docs"] {
            let base = HARFixtures.repository.appendingPathComponent(folder).path
            let files = (FileManager.default.enumerator(atPath: base)?.allObjects as? [String]) ?? []
            for relative in files.sorted() where relative.hasSuffix(".json") && !relative.contains(".build/") {
                let path = base + "/" + relative
                guard let data = FileManager.default.contents(atPath: path),
                    let root = try? JSONValue.parse(utf8: Array(data)), root["interactions"] != nil,
                    root["version"] != nil
                else { continue }
                found.append(path)
            }
        }
        return found
    }

    @Test func everyRepositoryCassetteSurvivesAHARTripByteForByte() throws {
        let paths = Self.repositoryCassettes()
        #expect(paths.count >= 30, "found \(paths.count) cassettes")
        var canonicalFiles = 0
        for path in paths {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let original: Cassette
            do {
                original = try Cassette.parse(utf8: bytes, path: path)
            } catch {
                continue  // a fixture that is broken on purpose (CassetteStoreTests reads those)
            }
            let har = HARWriter.text(original, creatorVersion: "0.1.0")
            let back = try HARReader.read(utf8: Array(har.utf8), path: path + ".har", options: .replay())
            #expect(back.skipped.isEmpty, "\(path): \(back.skipped)")
            let sameCassette = back.cassette.text() == original.text()
            #expect(sameCassette, "\(path)")
            // A file locsim wrote (canonical text) comes back as the very same bytes.
            if original.text() == String(decoding: bytes, as: UTF8.self) {
                canonicalFiles += 1
                let sameBytes = Array(back.cassette.text().utf8) == bytes
                #expect(sameBytes, "\(path)")
            }
        }
        #expect(canonicalFiles >= 20, "\(canonicalFiles) of \(paths.count) cassette files are canonical")
    }

    @Test(arguments: [
        "proxyman-aeris.har", "charles-nws.har", "safari-xweather.har", "chrome-owm.har", "replay-parse.har",
        "firefox-nominatim.har",
    ])
    func aHARTripKeepsEveryFieldLocsimModels(name: String) throws {
        let first = try HARFixtures.importAll(name, includesImages: true)
        let exported = try JSONValue.parse(HARWriter.text(first.cassette, creatorVersion: "0.1.0"))
        let second = try HARReader.read(exported, path: name, options: .replay(redactor: HARFixtures.redactor))
        #expect(second.cassette == first.cassette)
        // Against the producer's own file: method, URL, status, start time and bodies per entry.
        let source = try JSONValue.parse(utf8: HARFixtures.bytes(name))
        let sourceEntries = try #require(source["log"]?["entries"]?.arrayValue)
        let entries = try #require(exported["log"]?["entries"]?.arrayValue)
        for (position, index) in first.entryIndices.enumerated() {
            let original = sourceEntries[index]
            let entry = entries[position]
            #expect(entry["request"]?["method"] == original["request"]?["method"])
            #expect(entry["response"]?["status"] == original["response"]?["status"])
            #expect(entry["startedDateTime"] == original["startedDateTime"])
            #expect(
                entry["request"]?["url"]?.stringValue
                    == HARFixtures.redactor.redact(url: original["request"]?["url"]?.stringValue ?? ""))
            let body = first.cassette.interactions[position].response.body
            let text = entry["response"]?["content"]?["text"]?.stringValue ?? ""
            let decoded =
                entry["response"]?["content"]?["encoding"] == .string("base64")
                ? Array(Data(base64Encoded: text) ?? Data()) : Array(text.utf8)
            #expect(decoded == body)
        }
    }
}
