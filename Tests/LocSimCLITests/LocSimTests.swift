import LocSimCLI
import Testing

@Suite struct LocSimTests {
    @Test func unknownOptionIsAThreeLineUsageError() {
        let outcome = runLocSim(["replay", "Waypoints/franklin-la.gpx", "--distnce-filter", "100"])
        #expect(outcome.status == .usage)
        #expect(outcome.stdout == "")
        #expect(
            outcome.stderr == """
                Error: Unknown option '--distnce-filter'. Did you mean '--distance-filter'?
                Usage: locsim replay [<options>] <gpx>
                  See 'locsim replay --help' for more information.

                """
        )
    }

    @Test func shortUsagesAreSpeltOut() {
        let outcome = runLocSim(["validate", "a.gpx", "--format", "xml"])
        #expect(outcome.status == .usage)
        #expect(
            outcome.stderr == """
                Error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'text' and 'json'.
                Usage: locsim validate <gpx> ... [--format <format>]
                  See 'locsim validate --help' for more information.

                """
        )
    }

    @Test func unknownSubcommandSuggestsTheClosest() {
        let outcome = runLocSim(["valdiate", "a.gpx"])
        #expect(outcome.status == .usage)
        #expect(
            outcome.stderr == """
                Error: Unknown subcommand 'valdiate'. Did you mean 'validate'?
                Usage: locsim <subcommand>
                  See 'locsim --help' for more information.

                """
        )
    }

    @Test func helpForAnUnknownSubcommandIsAUsageErrorOfHelp() {
        let outcome = runLocSim(["help", "replya"])
        #expect(outcome.status == .usage)
        #expect(
            outcome.stderr == """
                Error: Unknown subcommand 'replya'. Did you mean 'replay'?
                Usage: locsim help [<subcommand> ...]
                  See 'locsim help --help' for more information.

                """
        )
    }

    @Test func usageErrorsThrownByACommandUseTheSameForm() {
        let outcome = runLocSim(["plot", "a.gpx", "-o", "a.svg", "--width", "0"])
        #expect(outcome.status == .usage)
        #expect(
            outcome.stderr == """
                Error: '--width' must be positive.
                Usage: locsim plot <gpx> --output <file> [--width <pixels>]
                  See 'locsim plot --help' for more information.

                """
        )
        let typed = runLocSim(["plot", "a.gpx", "-o", "a.svg", "--width", "wide"])
        #expect(typed.status == .usage)
        #expect(
            typed.stderr.hasPrefix("Error: The value 'wide' is invalid for '--width <pixels>'. Expected an integer.\n"))
    }

    @Test func versionGoesToStandardOutput() {
        let outcome = runLocSim(["--version"])
        #expect(outcome.status == .success)
        #expect(outcome.stdout == "0.1.0\n")
        #expect(outcome.stderr == "")
        #expect(LocSim.version == "0.1.0")
    }

    @Test(arguments: [["help", "validate"], ["validate", "--help"], ["validate", "-h"]])
    func subcommandHelpGoesToStandardOutput(arguments: [String]) {
        let root = LocSim.rootSpec(commands: sampleCommands)
        let outcome = runLocSim(arguments)
        #expect(outcome.status == .success)
        #expect(outcome.stdout == HelpGenerator.help(for: ["locsim", "validate"], root: root))
        #expect(outcome.stderr == "")
    }

    @Test func noArgumentsPrintsTheTopLevelHelp() {
        let outcome = runLocSim([])
        #expect(outcome.status == .success)
        #expect(outcome.stdout.hasPrefix("OVERVIEW: "))
        #expect(outcome.stdout.hasSuffix("  See 'locsim help <subcommand>' for detailed help.\n"))
    }

    @Test func commandsRunWithTheirParsedValues() {
        let outcome = runLocSim([
            "replay", "--format=jsonl", "track.gpx", "--base-url", "aeris=http://127.0.0.1:1", "--no-noise",
            "--seed", "-4", "--rate", "10",
        ])
        #expect(outcome.status == .success)
        #expect(outcome.stderr == "")
        #expect(
            outcome.stdout == """
                gpx=track.gpx
                --format=jsonl
                --distance-filter=3000
                --accuracy=kilometer
                --seed=-4
                --no-noise=true
                --interval=1
                --speed=20
                --source=nil
                --significant-change=false
                --authorization=always
                --base-url=["aeris=http://127.0.0.1:1"]
                --realtime=false
                --rate=10
                --map=nil
                seed=-4
                rate=10.0

                """
        )
    }

    @Test func commandFailuresPrintAnErrorLineAndTheirStatus() {
        let outcome = runLocSim(["validate", "a.gpx", "missing.gpx"], environment: ["NO_COLOR": "1"])
        #expect(outcome.status == .noInput)
        #expect(outcome.stdout == "text a.gpx\n")
        #expect(outcome.stderr == "error: no such file: missing.gpx\n")
    }

    @Test func unexpectedErrorsAreInternalErrors() {
        let outcome = runLocSim(["plot", "a.gpx", "-o", "a.svg", "--width", "13"])
        #expect(outcome.status == .software)
        #expect(outcome.stderr == "error: internal error: sample bug\n")
    }

    @Test func aBrokenSpecIsAnInternalErrorNotACrash() {
        let outcome = runLocSim(["broken"], commands: [BrokenCommand.self])
        #expect(outcome.status == .software)
        #expect(
            outcome.stderr
                == "error: internal error: invalid command spec: locsim broken: option name '--help' is used twice\n")
    }

    @Test func theShippedRegistryIsWellFormed() {
        #expect(LocSim.rootSpec().problems == [])
        for command in LocSim.commands {
            #expect(command.spec.problems == [], "\(command.spec.name)")
        }
    }

    @Test(arguments: [
        (ExitCode.success, Int32(0)), (.failure, 1), (.usage, 64), (.dataError, 65), (.noInput, 66), (.unavailable, 69),
        (.software, 70),
    ])
    func exitCodesFollowTheDesign(code: ExitCode, status: Int32) {
        #expect(code.rawValue == status)
    }
}

/// A command whose spec redeclares `--help`.
private enum BrokenCommand: LocSimCommand {
    static let spec = CommandSpec(name: "broken", abstract: "", options: [.flag("--help", help: "")])

    static func run(_ parsed: ParsedCommand, _ context: CommandContext) throws -> ExitCode {
        .success
    }
}
