import Testing

@testable import LocSimCLI

@Suite struct HelpGeneratorTests {
    let root = LocSim.rootSpec(commands: sampleCommands)

    @Test func rootHelpListsVisibleSubcommandsAndPointsToHelp() {
        let expected = """
            OVERVIEW: Replay GPX tracks through a simulated CoreLocation pipeline and check
            what a weather-alert app does with them.

            USAGE: locsim <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              replay                  Replay a GPX track through the simulated location
                                      pipeline.
              validate                Check GPX files and summarise them.
              plot                    Draw a GPX track as an SVG map.

              See 'locsim help <subcommand>' for detailed help.

            """
        #expect(HelpGenerator.help(for: ["locsim"], root: root) == expected)
    }

    @Test func rootHelpWithoutCommandsAdvertisesNothing() {
        let expected = """
            OVERVIEW: Replay GPX tracks through a simulated CoreLocation pipeline and check
            what a weather-alert app does with them.

            USAGE: locsim

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.


            """
        #expect(HelpGenerator.help(for: ["locsim"], root: LocSim.rootSpec(commands: [])) == expected)
    }

    @Test func leafHelpWrapsAtEightyColumnsAlignedToColumnTwentySix() {
        let expected = """
            OVERVIEW: Replay a GPX track through the simulated location pipeline.

            Without --live, providers are answered from the cassettes under --cassettes; a
            request no cassette answers is a provider_error, never a network call.

            USAGE: locsim replay [<options>] <gpx>

            ARGUMENTS:
              <gpx>                   The GPX file to replay.

            OPTIONS:
              --format <format>       Output format. (values: text, jsonl; default: text)
              --distance-filter <metres>
                                      Minimum distance between delivered fixes, in metres,
                                      or 'none'. (default: 3000)
              --accuracy <accuracy>   Desired accuracy. (default: kilometer)
              --seed <n>              Seed of the accuracy noise. (default: 0)
              --no-noise              Report true positions.
              --interval <seconds>    Sampling interval; 0 emits only the points. (default:
                                      1)
              --speed <mps>           Speed of untimed points, in metres per second.
                                      (default: 20)
              --source <kind>         Which points to replay. (values: wpt, rte, trk)
              --significant-change    Use the significant-change service.
              --authorization <status>
                                      Authorization status. (values: always, when-in-use,
                                      denied, restricted, not-determined; default: always)
              --base-url <provider=url>
                                      Base URL of a provider (aeris, nws, owm, google,
                                      nominatim, parse).
              --realtime              Pace the replay against the wall clock.
              --rate <x>              Speed-up factor with --realtime. (default: 1)
              --map <file.svg>        Also draw the route and the deliveries.
              -h, --help              Show help information.


            """
        #expect(HelpGenerator.help(for: ["locsim", "replay"], root: root) == expected)
    }

    @Test func leafHelpShowsShortNamesAndVariadicArguments() {
        let plot = """
            OVERVIEW: Draw a GPX track as an SVG map.

            USAGE: locsim plot <gpx> --output <file> [--width <pixels>]

            ARGUMENTS:
              <gpx>                   The GPX file to draw.

            OPTIONS:
              -o, --output <file>     Where to write the SVG.
              --width <pixels>        Width of the picture. (default: 800)
              -h, --help              Show help information.


            """
        let validate = """
            OVERVIEW: Check GPX files and summarise them.

            USAGE: locsim validate <gpx> ... [--format <format>]

            ARGUMENTS:
              <gpx>                   The GPX files to check.

            OPTIONS:
              --format <format>       Output format. (values: text, json; default: text)
              -h, --help              Show help information.


            """
        #expect(HelpGenerator.help(for: ["locsim", "plot"], root: root) == plot)
        #expect(HelpGenerator.help(for: ["locsim", "validate"], root: root) == validate)
    }

    @Test func helpCommandHasItsOwnHelp() {
        let expected = """
            OVERVIEW: Show subcommand help information.

            USAGE: locsim help [<subcommand> ...]

            ARGUMENTS:
              <subcommand>            The subcommand to show help for.

            OPTIONS:
              -h, --help              Show help information.


            """
        #expect(HelpGenerator.help(for: ["locsim", "help"], root: root) == expected)
    }

    @Test func unknownPathHasNoHelp() {
        #expect(HelpGenerator.help(for: ["locsim", "nope"], root: root) == nil)
        #expect(HelpGenerator.help(for: ["other"], root: root) == nil)
    }

    @Test(arguments: [
        // A label of 23 characters (25 with the indent) still leaves the description on its line.
        ("--abcdefghijklm <value>", "Text.", "  --abcdefghijklm <value> Text.\n"),
        // From 24 characters on, the description moves to the next line at column 26.
        ("--abcdefghijklmn <value>", "Text.", "  --abcdefghijklmn <value>\n                          Text.\n"),
        ("--quiet", "", "  --quiet\n"),
    ])
    func elementLayout(label: String, description: String, expected: String) {
        #expect(HelpGenerator.element(label: label, description: description) == expected)
    }

    @Test func descriptionNotesCombineValuesAndDefault() {
        #expect(
            HelpGenerator.description(of: .option("--a", value: "a", help: "A.", default: "x", values: ["x", "y"]))
                == "A. (values: x, y; default: x)"
        )
        #expect(
            HelpGenerator.description(of: .option("--a", value: "a", help: "A.", values: ["x"])) == "A. (values: x)")
        #expect(HelpGenerator.description(of: .option("--a", value: "a", help: "", default: "3")) == "(default: 3)")
        #expect(HelpGenerator.description(of: .flag("--a", help: "A.")) == "A.")
    }
}
