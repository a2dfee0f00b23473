import Foundation
import LocSimCLI
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed write to standard output is an error (exit 74, a message on stderr), never lost.
@Suite struct OutputErrorTests {
    #if os(Linux)
        @Test func aFullDeviceIsReportedByTheOutput() throws {
            let descriptor = open("/dev/full", O_WRONLY)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            let output = FileDescriptorOutput(fileDescriptor: descriptor, isBuffered: true)
            output.write("lost\n")
            #expect(output.writeError == nil)
            output.flush()
            #expect(output.writeError == "No space left on device")
        }

        @Test(arguments: [
            ["replay", "track.gpx"], ["validate", "track.gpx"], ["replay", "track.gpx", "--format", "jsonl"],
        ])
        func aCommandWritingToAFullDeviceExits74(arguments: [String]) throws {
            let fixture = try CLIFixture()
            defer { fixture.remove() }
            try fixture.write(CLIFixture.track(count: 5, spacing: 50, step: 10), to: "track.gpx")
            let descriptor = open("/dev/full", O_WRONLY)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            let stderr = MemoryOutput()
            let context = CommandContext(
                stdout: FileDescriptorOutput(fileDescriptor: descriptor, isBuffered: true), stderr: stderr,
                currentDirectory: fixture.directory, clock: ManualWallClock())
            let status = LocSim.run(arguments: arguments, context: context)
            #expect(status == .ioError)
            #expect(stderr.text.hasSuffix("error: cannot write to standard output: No space left on device\n"))
        }
    #endif

    /// A descriptor that accepts nothing is a write error too, not silence.
    @Test func aClosedDescriptorIsAnError() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[1])
        defer { close(ends[0]) }
        let output = FileDescriptorOutput(fileDescriptor: ends[1], isBuffered: false)
        output.write("lost\n")
        #expect(output.writeError == String(cString: strerror(EBADF)))
        output.write("dropped\n")
        #expect(output.writeError == String(cString: strerror(EBADF)))
    }
}
