import Foundation
import LocSimTesting
import Testing

/// ``GoldenFile``: one switch, refused under CI, and a run that writes is a failing run.
@Suite struct GoldenFileTests {
    static func temporaryFile() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "locsim-golden-\(UUID().uuidString)")
        return directory.appendingPathComponent("nested/golden.txt")
    }

    @Test func aMatchIsNoProblemAndAMismatchNamesTheFirstLineThatDiffers() throws {
        let url = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        #expect(
            GoldenFile.problem("a\n", golden: url, filter: "X", environment: [:])
                == "no golden \(url.path); re-bless: LOCSIM_WRITE_GOLDENS=1 swift test --filter X")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("one\ntwo\nthree\n".utf8).write(to: url)
        #expect(GoldenFile.problem("one\ntwo\nthree\n", golden: url, filter: "X", environment: [:]) == nil)
        #expect(
            GoldenFile.problem("one\nTWO\nthree\n", golden: url, filter: "X", environment: [:])
                == "\(url.path) differs from the output at line 2:\n- two\n+ TWO\n"
                + "re-bless: LOCSIM_WRITE_GOLDENS=1 swift test --filter X")
        #expect(
            GoldenFile.problem("one\n", golden: url, filter: "X", environment: [:])
                == "\(url.path) differs from the output at line 2:\n- two\n+ \n"
                + "re-bless: LOCSIM_WRITE_GOLDENS=1 swift test --filter X")
    }

    /// Writing reports a problem even when nothing changed: that run can never pass.
    @Test func writingWritesAndIsAProblem() throws {
        let url = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let writing = ["LOCSIM_WRITE_GOLDENS": "1"]
        for _ in 0..<2 {
            let problem = GoldenFile.problem("new\n", golden: url, filter: "X", environment: writing)
            #expect(
                problem
                    == "wrote the golden \(url.path) (LOCSIM_WRITE_GOLDENS=1): this run checks nothing; run again without it"
            )
            #expect(FileManager.default.contents(atPath: url.path) == Data("new\n".utf8))
        }
        #expect(GoldenFile.problem("new\n", golden: url, filter: "X", environment: [:]) == nil)
    }

    @Test(arguments: [
        (["LOCSIM_WRITE_GOLDENS": "1", "CI": "true"], false), (["LOCSIM_WRITE_GOLDENS": "1", "CI": ""], true),
        (["LOCSIM_WRITE_GOLDENS": "yes"], false), ([:], false),
    ])
    func onlyTheSwitchOutsideCIWrites(environment: [String: String], writes: Bool) throws {
        #expect(GoldenFile.isWriting(environment) == writes)
        let url = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        _ = GoldenFile.problem("x", golden: url, filter: "X", environment: environment)
        #expect(FileManager.default.fileExists(atPath: url.path) == writes)
    }
}
