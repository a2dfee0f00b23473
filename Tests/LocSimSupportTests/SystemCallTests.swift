import LocSimSupport
import Testing

@Suite struct SystemCallTests {
    @Test func errorTextIsTheCLibrarysLowercasedOnRequest() {
        #expect(SystemCall.errorText(ENOENT) == "No such file or directory")
        #expect(SystemCall.lowercasedErrorText(ENOENT) == "no such file or directory")
    }

    @Test func writeAndRenameReachTheCLibrary() throws {
        let directory = "/tmp/locsim-support-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        #expect(mkdir(directory, 0o755) == 0)
        defer { rmdir(directory) }
        let descriptor = open(directory + "/a", O_WRONLY | O_CREAT, 0o644)
        #expect(descriptor >= 0)
        let written = Array("hi".utf8).withUnsafeBytes { SystemCall.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        #expect(written == 2)
        #expect(SystemCall.rename(directory + "/a", directory + "/b") == 0)
        #expect(SystemCall.rename(directory + "/a", directory + "/b") == ENOENT)
        #expect(unlink(directory + "/b") == 0)
    }
}
