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

    /// A descriptor that accepts nothing is a write error too, not silence. It is -1, not a
    /// number just closed, which a test running in parallel could be given at once (the write
    /// then landed in its socket or file, and this test failed now and then).
    @Test func aClosedDescriptorIsAnError() throws {
        let output = FileDescriptorOutput(fileDescriptor: -1, isBuffered: false)
        output.write("lost\n")
        #expect(output.writeError == String(cString: strerror(EBADF)))
        output.write("dropped\n")
        #expect(output.writeError == String(cString: strerror(EBADF)))
    }
}

/// Item 15 of issue 19: the same input problem reads the same in every command.
@Suite struct SmallHardeningTests {
    @Test func aSymlinkLoopReadsTheSameInValidateAndReplay() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: fixture.directory + "/loop.gpx", withDestinationPath: fixture.directory + "/loop.gpx")
        let validate = fixture.run(["validate", "loop.gpx"])
        let replay = fixture.run(["replay", "loop.gpx"])
        #expect(validate.status == .noInput)
        #expect(replay.status == .noInput)
        #expect(validate.stderr == "loop.gpx: error: too many levels of symbolic links\nloop.gpx: 1 error\n")
        #expect(replay.stderr == "loop.gpx: error: too many levels of symbolic links\n")
    }

    /// A pipe can be read once: `validate` reads it into memory and measures what it validated.
    @Test func validateOnAPipeStillPrintsTheLength() throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let gpx = CLIFixture.track(count: 5, spacing: 100, step: 10)
        try fixture.write(gpx, to: "track.gpx")
        let fifo = fixture.directory + "/pipe.gpx"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The track waits in the FIFO (a reader keeps it open), written before validate opens it.
        let keeper = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(keeper) }
        let writer = open(fifo, O_WRONLY | O_NONBLOCK)
        let bytes = Array(gpx.utf8)
        #expect(bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == bytes.count)
        close(writer)
        let piped = fixture.run(["validate", "pipe.gpx"])
        let file = fixture.run(["validate", "track.gpx"])
        #expect(piped.status == .success)
        #expect(piped.stdout.contains("  length: 400.0 m\n"))
        #expect(piped.stdout == file.stdout.replacingOccurrences(of: "track.gpx", with: "pipe.gpx"))
    }

    #if os(Linux)
        /// `--map` on a full disk is an output error (74), not an internal one (70); and a device
        /// is written in place, never replaced by a renamed file.
        @Test func aMapOnAFullDiskExits74AndLeavesTheDeviceAlone() throws {
            let fixture = try CLIFixture()
            defer { fixture.remove() }
            try fixture.write(CLIFixture.track(count: 5, spacing: 50, step: 10), to: "track.gpx")
            let outcome = fixture.run(["replay", "track.gpx", "--map", "/dev/full"])
            #expect(outcome.status == .ioError)
            #expect(outcome.stderr.contains("error: cannot write /dev/full: write failed: No space left on device\n"))
            var status = stat()
            #expect(stat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
        }
    #endif
}
