import LocSimCLI
import LocSimReplay

/// `locsim …` run in memory: exit status and both streams.
struct CLIRun {
    var status: ExitCode
    var stdout: String
    var stderr: String

    init(
        _ arguments: [String], in directory: String, environment: [String: String] = [:],
        stderrIsTerminal: Bool = false,
        app: ReplayApp = ReplayApp()
    ) {
        let out = MemoryOutput()
        let err = MemoryOutput(isTerminal: stderrIsTerminal)
        let context = CommandContext(
            stdout: out, stderr: err, environment: environment, currentDirectory: directory, clock: ManualWallClock(),
            app: app)
        status = LocSim.run(arguments: arguments, context: context)
        stdout = out.text
        stderr = err.text
    }
}
