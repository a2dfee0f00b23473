import Testing

@testable import LocSimCLI

@Suite struct CommandParserTests {
    let root = LocSim.rootSpec(commands: sampleCommands)

    func command(_ arguments: [String]) throws -> ParsedCommand {
        let result = try CommandParser.parse(arguments, root: root)
        guard case .command(let parsed) = result else {
            Issue.record("expected a command, got \(result)")
            throw UsageError("not a command", commandPath: [])
        }
        return parsed
    }

    func usageError(_ arguments: [String]) -> UsageError? {
        do {
            let result = try CommandParser.parse(arguments, root: root)
            Issue.record("expected a usage error, got \(result)")
            return nil
        } catch {
            return error
        }
    }

    @Test func optionValueSeparateOrInline() throws {
        let separate = try command(["replay", "a.gpx", "--format", "jsonl", "--seed", "7"])
        let inline = try command(["replay", "--format=jsonl", "a.gpx", "--seed=7"])
        for parsed in [separate, inline] {
            #expect(parsed.commandPath == ["locsim", "replay"])
            #expect(parsed.argument("gpx") == "a.gpx")
            #expect(parsed.string("--format") == "jsonl")
            #expect(parsed.string("--seed") == "7")
        }
    }

    @Test func inlineValueKeepsFurtherEqualsSigns() throws {
        let parsed = try command(["replay", "a.gpx", "--base-url=aeris=http://127.0.0.1:8080/?a=b"])
        #expect(parsed.strings("--base-url") == ["aeris=http://127.0.0.1:8080/?a=b"])
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try command(["validate", "--format", "json", "--", "--help", "-x.gpx"])
        #expect(parsed.arguments("gpx") == ["--help", "-x.gpx"])
        #expect(parsed.string("--format") == "json")
        #expect(parsed.positionals == ["--help", "-x.gpx"])
    }

    @Test func repeatableOptionsKeepEveryValueInOrder() throws {
        let parsed = try command([
            "replay", "a.gpx", "--base-url", "aeris=http://a", "--base-url=nws=http://b", "--base-url", "owm=http://c",
        ])
        #expect(parsed.strings("--base-url") == ["aeris=http://a", "nws=http://b", "owm=http://c"])
    }

    @Test func singleValuedOptionGivenTwiceKeepsTheLast() throws {
        let parsed = try command(["replay", "a.gpx", "--seed", "1", "--seed", "2"])
        #expect(parsed.string("--seed") == "2")
        #expect(parsed.strings("--seed") == ["2"])
    }

    @Test func defaultsApplyWhenOptionsAreAbsent() throws {
        let parsed = try command(["replay", "a.gpx"])
        #expect(parsed.string("--format") == "text")
        #expect(parsed.string("--map") == nil)
        #expect(parsed.strings("--base-url") == [])
        #expect(parsed.flag("--no-noise") == false)
        #expect(parsed.isSpecified("--format") == false)
    }

    @Test func flagsAndShortNames() throws {
        let replay = try command(["replay", "--no-noise", "a.gpx", "--realtime"])
        #expect(replay.flag("--no-noise"))
        #expect(replay.flag("--realtime"))
        #expect(!replay.flag("--significant-change"))
        #expect(replay.isSpecified("--no-noise"))
        let plot = try command(["plot", "-o", "out.svg", "a.gpx"])
        #expect(plot.string("--output") == "out.svg")
    }

    @Test func negativeNumbersAndLoneDashAreValues() throws {
        let parsed = try command(["replay", "-", "--seed", "-3", "--rate", "-0.5"])
        #expect(parsed.argument("gpx") == "-")
        #expect(parsed.string("--seed") == "-3")
        #expect(parsed.string("--rate") == "-0.5")
    }

    @Test(arguments: [
        ["--help"], ["-h"], [], ["help"], ["--help", "replay"],
    ])
    func rootHelp(arguments: [String]) throws {
        #expect(try CommandParser.parse(arguments, root: root) == .help(commandPath: ["locsim"]))
    }

    @Test(arguments: [
        ["replay", "--help"], ["replay", "a.gpx", "-h"], ["replay", "--bogus", "--help"], ["help", "replay"],
        ["replay", "--format", "xml", "--help"],
    ])
    func subcommandHelp(arguments: [String]) throws {
        #expect(try CommandParser.parse(arguments, root: root) == .help(commandPath: ["locsim", "replay"]))
    }

    @Test func helpAfterDoubleDashIsAValue() throws {
        let parsed = try command(["validate", "--", "-h"])
        #expect(parsed.arguments("gpx") == ["-h"])
    }

    @Test func helpOfHelp() throws {
        #expect(try CommandParser.parse(["help", "help"], root: root) == .help(commandPath: ["locsim", "help"]))
        #expect(try CommandParser.parse(["help", "--help"], root: root) == .help(commandPath: ["locsim", "help"]))
    }

    @Test func versionOnlyAtTheTopLevel() throws {
        #expect(try CommandParser.parse(["--version"], root: root) == .version)
        #expect(usageError(["replay", "a.gpx", "--version"])?.message == "Unknown option '--version'")
    }

    @Test(arguments: [
        (
            ["replay", "a.gpx", "--distnce-filter", "3"],
            "Unknown option '--distnce-filter'. Did you mean '--distance-filter'?"
        ),
        (["replay", "a.gpx", "--fromat=jsonl"], "Unknown option '--fromat'. Did you mean '--format'?"),
        (["replay", "a.gpx", "-format", "jsonl"], "Unknown option '-format'. Did you mean '--format'?"),
        (["replay", "a.gpx", "--hepl"], "Unknown option '--hepl'. Did you mean '--help'?"),
        (["replay", "a.gpx", "--colour"], "Unknown option '--colour'"),
        (["replay", "a.gpx", "-x"], "Unknown option '-x'"),
        (["--verison"], "Unknown option '--verison'. Did you mean '--version'?"),
        (["replya"], "Unknown subcommand 'replya'. Did you mean 'replay'?"),
        (["hlep"], "Unknown subcommand 'hlep'. Did you mean 'help'?"),
        (["frobnicate"], "Unknown subcommand 'frobnicate'"),
        (["help", "vaildate"], "Unknown subcommand 'vaildate'. Did you mean 'validate'?"),
        (["replay"], "Missing expected argument '<gpx>'"),
        (["validate"], "Missing expected argument '<gpx> ...'"),
        (["plot", "a.gpx"], "Missing expected argument '--output <file>'"),
        (["replay", "a.gpx", "--format"], "Missing value for '--format <format>'"),
        (["replay", "a.gpx", "--format", "--no-noise"], "Missing value for '--format <format>'"),
        (
            ["replay", "a.gpx", "--format", "xml"],
            "The value 'xml' is invalid for '--format <format>'. Please provide one of 'text' and 'jsonl'."
        ),
        (
            ["replay", "a.gpx", "--source=gps"],
            "The value 'gps' is invalid for '--source <kind>'. Please provide one of 'wpt', 'rte' or 'trk'."
        ),
        (
            ["replay", "a.gpx", "--no-noise=yes"],
            "The option '--no-noise' does not take any value, but 'yes' was specified."
        ),
        (["replay", "a.gpx", "b.gpx"], "Unexpected argument 'b.gpx'"),
        (["replay", "a.gpx", "b.gpx", "c.gpx"], "2 unexpected arguments: 'b.gpx', 'c.gpx'"),
    ])
    func usageErrors(arguments: [String], message: String) {
        #expect(usageError(arguments)?.message == message)
    }

    @Test func usageErrorsNameTheCommand() {
        #expect(usageError(["replay"])?.commandPath == ["locsim", "replay"])
        #expect(usageError(["replya"])?.commandPath == ["locsim"])
        #expect(usageError(["help", "nope"])?.commandPath == ["locsim", "help"])
    }

    @Test(arguments: ["-", "-1", "-2.5", "3", "x.gpx"])
    func valuesAreNotOptions(token: String) {
        #expect(!CommandParser.looksLikeOption(token))
    }

    @Test(arguments: ["--", "-h", "--format", "--format=x", "-x.gpx"])
    func optionsAreOptions(token: String) {
        #expect(CommandParser.looksLikeOption(token))
    }
}
