import Foundation
import Testing

@testable import Harness

@Suite struct SupportTests {
    @Test(
        arguments: [
            ("distanceFiltr", "distanceFilter"), ("Seed", "seed"), ("authorisation", "authorization"),
            ("xyz", nil), ("kind", "kind"),
        ] as [(String, String?)])
    func suggestsNearMisses(word: String, expected: String?) {
        let keys = ["desiredAccuracy", "distanceFilter", "seed", "authorization", "kind", "noise"]
        #expect(Suggestion.closest(to: word, in: keys) == expected)
    }

    @Test func atomicWriteCreatesDirectoriesAndLeavesNoTemporaryFile() throws {
        try withTemporaryDirectory { root in
            let url = root.appendingPathComponent("a/b/file.txt")
            try AtomicFile.write("one", to: url)
            try AtomicFile.write("two", to: url)
            #expect(try readText(url) == "two")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("a/b").path) == [
                    "file.txt"
                ])
        }
    }

    @Test func atomicWriteReportsFailures() throws {
        try withTemporaryDirectory { root in
            try writeFiles(["blocker": "a file, not a directory"], in: root)
            let url = root.appendingPathComponent("blocker/out.xml")
            #expect {
                try AtomicFile.write("x", to: url)
            } throws: { error in
                (error as? AtomicFileError)?.description.hasPrefix("cannot write \(url.path): cannot create directory")
                    == true
            }
        }
    }

    @Test func parallelMapKeepsIndexOrder() {
        let values = parallelMap(count: 100, jobs: 4) { $0 * $0 }
        #expect(values == (0..<100).map { $0 * $0 })
        #expect(parallelMap(count: 0, jobs: 3) { $0 }.isEmpty)
    }

    #if os(Linux)
        /// A full disk (`/dev/full`) is reported in the system's words, not as a bare failure.
        @Test func aFullDiskSaysNoSpaceLeftOnDevice() throws {
            #expect {
                try AtomicFile.write("x", to: URL(fileURLWithPath: "/dev/full"))
            } throws: { error in
                (error as? AtomicFileError)?.reason.contains("No space left on device") == true
            }
            // Written in place: the device is still a device, not a file renamed over it.
            var info = stat()
            #expect(stat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        }
    #endif
}
