import Testing

@testable import LocSimCLI

@Suite struct UsageGeneratorTests {
    @Test(arguments: [
        (ArgumentSpec.Arity.required, "<gpx>"),
        (.optional, "[<gpx>]"),
        (.oneOrMore, "<gpx> ..."),
        (.zeroOrMore, "[<gpx> ...]"),
    ])
    func argumentSynopsis(arity: ArgumentSpec.Arity, expected: String) {
        #expect(UsageGenerator.synopsis(of: ArgumentSpec("gpx", help: "", arity: arity)) == expected)
    }

    @Test(arguments: [
        (OptionSpec.option("--format", value: "format", help: ""), "[--format <format>]"),
        (.option("--output", short: "-o", value: "file", help: "", required: true), "--output <file>"),
        (.option("--base-url", value: "p=url", help: "", repeatable: true), "[--base-url <p=url> ...]"),
        (.flag("--live", short: "-l", help: ""), "[--live]"),
    ])
    func optionSynopsisUsesTheLongName(option: OptionSpec, expected: String) {
        #expect(UsageGenerator.synopsis(of: option) == expected)
    }

    @Test func shortUsageListsEverything() {
        let spec = CommandSpec(
            name: "record",
            abstract: "",
            arguments: [ArgumentSpec("scenario", help: "")],
            options: [
                .option("--mode", value: "mode", help: "", values: ["once", "all"]),
                .option("--base-url", value: "provider=url", help: "", repeatable: true),
            ]
        )
        #expect(
            UsageGenerator.synopsis(of: spec, commandPath: ["locsim", "record"])
                == "locsim record <scenario> [--mode <mode>] [--base-url <provider=url> ...]"
        )
    }

    @Test func moreThanTwelveElementsCollapseOptionalOptions() {
        let options = (1...12).map { OptionSpec.flag("--flag\($0)", help: "") }
        var spec = CommandSpec(name: "big", abstract: "", arguments: [ArgumentSpec("in", help: "")], options: options)
        #expect(UsageGenerator.synopsis(of: spec, commandPath: ["locsim", "big"]) == "locsim big [<options>] <in>")

        spec.options.append(.option("--out", value: "file", help: "", required: true))
        #expect(
            UsageGenerator.synopsis(of: spec, commandPath: ["locsim", "big"])
                == "locsim big [<options>] <in> --out <file>"
        )

        spec.arguments = []
        spec.options.removeLast()
        spec.options.append(.flag("--flag13", help: ""))
        #expect(UsageGenerator.synopsis(of: spec, commandPath: ["locsim", "big"]) == "locsim big <options>")
    }

    @Test func twelveElementsAreStillListed() {
        let options = (1...11).map { OptionSpec.flag("--f\($0)", help: "") }
        let spec = CommandSpec(name: "c", abstract: "", arguments: [ArgumentSpec("in", help: "")], options: options)
        let synopsis = UsageGenerator.synopsis(of: spec, commandPath: ["locsim", "c"])
        #expect(synopsis.hasPrefix("locsim c <in> [--f1] [--f2]"))
        #expect(synopsis.hasSuffix("[--f11]"))
    }

    @Test func groupsShowSubcommandOnlyWhenOneIsVisible() {
        let hidden = CommandSpec(name: "hidden", abstract: "", isHidden: true)
        let visible = CommandSpec(name: "shown", abstract: "")
        #expect(
            UsageGenerator.synopsis(of: CommandSpec(name: "g", abstract: "", subcommands: [hidden]), commandPath: ["g"])
                == "g"
        )
        #expect(
            UsageGenerator.synopsis(
                of: CommandSpec(name: "g", abstract: "", subcommands: [hidden, visible]),
                commandPath: ["g"]
            ) == "g <subcommand>"
        )
    }
}
