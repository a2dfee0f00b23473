import Foundation
import LocSimCanonicalJSON
import Testing

@testable import LocSimHTTPRecording

@Suite struct CassetteStoreTests {
    static let one =
        #"{"version":1,"interactions":[{"request":{"method":"GET","url":"https://h/a"},"response":{"status":200}}]}"#

    @Test func discoversCassettesRecursivelyInPathOrderAndSkipsOtherJSON() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(CassetteStoreTests.one, to: "b/cassette.json")
        try directory.write(CassetteStoreTests.one, to: "a/deep/er/cassette.json")
        try directory.write(#"{"track":"Waypoints/x.gpx"}"#, to: "a/scenario.json")
        try directory.write("{not json", to: "a/expected.jsonl")
        let found = try CassetteStore.discover(in: directory.path)
        #expect(found.map(\.path) == [directory.file("a/deep/er/cassette.json"), directory.file("b/cassette.json")])
        #expect(found.allSatisfy { $0.cassette.interactions.count == 1 })
    }

    /// Bytes that are not UTF-8 are an error at their place (they were read as U+FFFD and
    /// replayed as bytes the file does not hold: an attack run's find); U+FFFD itself is text.
    @Test(
        arguments: [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xFF], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80]] as [[UInt8]])
    func bytesThatAreNotUTF8AreAnErrorAtTheirPlace(bad: [UInt8]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text =
            #"{"version":1,"interactions":[{"request":{"method":"GET","url":"https://h/a"},"#
            + "\n" + #""response":{"status":200,"body":"ok "#
        let bytes = Array(text.utf8) + bad + Array(#""}}]}"#.utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: directory.file("c.json")))
        let error = #expect(throws: CassetteError.self) { try CassetteStore.load(directory.file("c.json")) }
        #expect(
            error?.description.hasPrefix(directory.file("c.json") + ":2:37: error: invalid UTF-8") == true,
            "\(error?.description ?? "")")
        #expect(UTF8Validation.firstInvalidOffset(bytes[...]) == text.utf8.count)
    }

    @Test func validUTF8OfEveryLengthPasses() {
        let text = "a é € 𝄞 \u{FFFD} \u{10FFFF} \u{D7FF} \u{E000}"
        #expect(UTF8Validation.firstInvalidOffset(Array(text.utf8)[...]) == nil)
        #expect(String(validating: Array(text.utf8), as: UTF8.self) != nil)
    }

    /// `locsim record` stages in `.locsim-record-<pid>/`: a copy there (even a broken one a kill
    /// left) is not a second cassette.
    @Test func stagingFoldersOfRecordAreSkipped() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(CassetteStoreTests.one, to: "x/cassette.json")
        try directory.write(CassetteStoreTests.one, to: "x/.locsim-record-42/cassette.json")
        try directory.write("{broken", to: "x/.locsim-record-43/cassette.json")
        let found = try CassetteStore.discover(in: directory.path)
        #expect(found.map(\.path) == [directory.file("x/cassette.json")])
    }

    @Test func aTruncatedJSONFileUnderTheDirectoryIsAnError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(String(CassetteStoreTests.one.prefix(40)), to: "x/cassette.json")
        #expect(
            throws: CassetteError(
                kind: .syntax, path: directory.file("x/cassette.json"), line: 1, column: 41,
                reason: "unexpected end of input")
        ) {
            try CassetteStore.discover(in: directory.path)
        }
    }

    @Test func missingDirectoryHoldsNoCassettesButAMissingFileIsAnError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try CassetteStore.discover(in: directory.file("none")).isEmpty)
        #expect(try CassetteStore.loadIfPresent(directory.file("none.json")) == nil)
        #expect(
            throws: CassetteError(kind: .missing, path: directory.file("none.json"), reason: "no such cassette file")
        ) {
            try CassetteStore.load(directory.file("none.json"))
        }
    }
}
