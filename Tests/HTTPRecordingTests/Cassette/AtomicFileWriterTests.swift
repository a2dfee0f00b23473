import Foundation
import HTTPRecording
import Testing

@Suite struct AtomicFileWriterTests {
    @Test func replacesTheFileAndLeavesNoTemporaryBehind() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("old", to: "cassette.json")
        try AtomicFileWriter().write(Array("new".utf8), to: directory.file("cassette.json"))
        #expect(directory.read("cassette.json") == "new")
        #expect(directory.contents() == ["cassette.json"])
    }

    @Test func crashBetweenWriteAndRenameLeavesTheOldFileIntact() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("old", to: "cassette.json")
        let writer = AtomicFileWriter { source, _ in
            // The temporary file is complete when rename is reached; then the "crash".
            (try? String(contentsOfFile: source, encoding: .utf8)) == "new" ? 5 : 1
        }
        #expect(
            throws: CassetteError(
                kind: .io, path: directory.file("cassette.json"), reason: "rename failed: Input/output error")
        ) {
            try writer.write(Array("new".utf8), to: directory.file("cassette.json"))
        }
        #expect(directory.read("cassette.json") == "old")
        #expect(directory.contents() == ["cassette.json"])
    }

    @Test func missingDirectoryIsAnIOError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(throws: CassetteError.self) { try AtomicFileWriter().write([1], to: directory.file("nope/c.json")) }
    }
}
