import Foundation
import LocSimTesting
import Testing

/// ``removingIfThrows(_:_:)``: a set-up that throws leaves no folder; one that succeeds keeps it.
@Suite struct RemovingIfThrowsTests {
    struct Refused: Error {}

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "locsim-removing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aThrowingBodyRemovesTheFolderAndTheErrorGoesOn() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: Refused.self) {
            try removingIfThrows(folder) {
                try Data("half".utf8).write(to: folder.appendingPathComponent("nested.txt"))
                throw Refused()
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func aBodyThatSucceedsKeepsTheFolderAndGivesItsResult() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = try removingIfThrows(folder) {
            try Data("whole".utf8).write(to: folder.appendingPathComponent("file.txt"))
            return "file.txt"
        }
        #expect(name == "file.txt")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("file.txt").path))
    }
}
