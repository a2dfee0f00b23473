import LocSimCLI
import Testing

@Suite struct CommandSpecValidationTests {
    @Test func sampleSpecsAreWellFormed() {
        #expect(LocSim.rootSpec(commands: sampleCommands).problems == [])
    }

    @Test(arguments: [
        (
            CommandSpec(name: "c", abstract: "", options: [.flag("format", help: "")]),
            "c: 'format' is not a long option name like '--format'"
        ),
        (
            CommandSpec(name: "c", abstract: "", options: [.flag("--Format", help: "")]),
            "c: '--Format' is not a long option name like '--format'"
        ),
        (
            CommandSpec(name: "c", abstract: "", options: [.flag("--out", short: "-out", help: "")]),
            "c: '-out' is not a short option name like '-o'"
        ),
        (
            CommandSpec(name: "c", abstract: "", options: [.flag("--a", short: "-h", help: "")]),
            "c: option name '-h' is used twice"
        ),
        (
            CommandSpec(name: "c", abstract: "", options: [.flag("--version", help: "")]),
            "c: option name '--version' is used twice"
        ),
        (
            CommandSpec(
                name: "c",
                abstract: "",
                options: [.option("--f", value: "f", help: "", default: "xml", values: ["json"])]
            ),
            "c: default 'xml' of '--f' is not an allowed value"
        ),
        (
            CommandSpec(
                name: "c", abstract: "", options: [.option("--o", value: "o", help: "", default: "a", required: true)]),
            "c: required option '--o' cannot have a default"
        ),
        (
            CommandSpec(
                name: "c",
                abstract: "",
                arguments: [
                    ArgumentSpec("a", help: "", arity: .zeroOrMore), ArgumentSpec("b", help: "", arity: .optional),
                ]
            ),
            "c: variadic argument '<a>' must be the last"
        ),
        (
            CommandSpec(
                name: "c",
                abstract: "",
                arguments: [ArgumentSpec("a", help: "", arity: .optional), ArgumentSpec("b", help: "")]
            ),
            "c: required argument '<b>' follows an optional one"
        ),
        (
            CommandSpec(
                name: "c", abstract: "", arguments: [ArgumentSpec("a", help: ""), ArgumentSpec("a", help: "")]),
            "c: argument '<a>' is declared twice"
        ),
        (
            CommandSpec(
                name: "c",
                abstract: "",
                options: [.flag("--x", help: "")],
                subcommands: [CommandSpec(name: "s", abstract: "")]
            ),
            "c: a command with subcommands cannot have arguments or options"
        ),
        (
            CommandSpec(
                name: "c",
                abstract: "",
                subcommands: [CommandSpec(name: "s", abstract: ""), CommandSpec(name: "s", abstract: "")]
            ),
            "c: subcommand 's' is declared twice"
        ),
    ])
    func problemsAreFound(spec: CommandSpec, problem: String) {
        #expect(spec.problems == [problem])
    }

    @Test func subcommandsMayDeclareVersion() {
        let group = CommandSpec(
            name: "root",
            abstract: "",
            subcommands: [CommandSpec(name: "s", abstract: "", options: [.flag("--version", help: "")])]
        )
        #expect(group.problems == [])
    }
}
