import LocSimCLI
import Testing

@Suite struct CommandContextTests {
    func context(directory: String) -> CommandContext {
        CommandContext(
            stdout: MemoryOutput(),
            stderr: MemoryOutput(),
            environment: ["NO_COLOR": "1"],
            currentDirectory: directory,
            clock: ManualWallClock()
        )
    }

    @Test(arguments: [
        ("/work", "Waypoints/a.gpx", "/work/Waypoints/a.gpx"),
        ("/work/", "a.gpx", "/work/a.gpx"),
        ("/work", "/tmp/a.gpx", "/tmp/a.gpx"),
        ("/work", ".", "/work"),
        ("/work", "", "/work"),
    ])
    func relativePathsResolveAgainstTheWorkingDirectory(directory: String, path: String, expected: String) {
        #expect(context(directory: directory).absolutePath(path) == expected)
    }

    @Test func diagnosticsWriteToStandardErrorWithTheContextEnvironment() throws {
        let stderr = MemoryOutput(isTerminal: true)
        var context = context(directory: "/")
        context.stderr = stderr
        context.diagnostics.error("plain")
        #expect(stderr.text == "error: plain\n")
    }

    @Test func processContextReflectsTheProcess() {
        let context = CommandContext.process()
        #expect(context.currentDirectory.hasPrefix("/"))
        #expect(context.environment["PATH"] != nil)
    }
}
