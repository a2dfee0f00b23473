import LocSimCLI
import Testing

@Suite struct ParsedCommandTests {
    let root = LocSim.rootSpec(commands: sampleCommands)

    func replay(_ arguments: [String]) throws -> ParsedCommand {
        guard case .command(let parsed) = try CommandParser.parse(["replay", "a.gpx"] + arguments, root: root) else {
            throw UsageError("not a command", commandPath: [])
        }
        return parsed
    }

    @Test func typedNumbers() throws {
        let parsed = try replay(["--seed", "42", "--rate", "2.5"])
        #expect(try parsed.int("--seed") == 42)
        #expect(try parsed.double("--rate") == 2.5)
        #expect(try parsed.double("--interval") == 1)
        #expect(try parsed.int("--map") == nil)
    }

    @Test(arguments: [
        ("--seed", "4.2", "The value '4.2' is invalid for '--seed <n>'. Expected an integer."),
        ("--seed", "", "The value '' is invalid for '--seed <n>'. Expected an integer."),
        (
            "--seed", "99999999999999999999",
            "The value '99999999999999999999' is invalid for '--seed <n>'. Expected an integer."
        ),
    ])
    func badIntegerNamesTheOption(option: String, value: String, message: String) throws {
        let parsed = try replay(["\(option)=\(value)"])
        #expect(throws: UsageError(message, commandPath: ["locsim", "replay"])) { try parsed.int(option) }
    }

    @Test(arguments: ["abc", "nan", "inf", "-infinity", "1e999"])
    func badNumberNamesTheOption(value: String) throws {
        let parsed = try replay(["--rate", value])
        #expect(
            throws: UsageError(
                "The value '\(value)' is invalid for '--rate <x>'. Expected a number.",
                commandPath: ["locsim", "replay"])
        ) {
            try parsed.double("--rate")
        }
    }

    @Test func customConversions() throws {
        let parsed = try replay(["--distance-filter", "none", "--base-url", "aeris=http://a", "--base-url", "nws"])
        let filter = try parsed.value("--distance-filter", expected: "metres or 'none'") { text -> Double? in
            text == "none" ? .infinity : Double(text)
        }
        #expect(filter == .infinity)
        #expect(
            throws: UsageError(
                "The value 'nws' is invalid for '--base-url <provider=url>'. Expected provider=url.",
                commandPath: ["locsim", "replay"]
            )
        ) {
            try parsed.values("--base-url", expected: "provider=url") { text -> (String, String)? in
                guard let equals = text.firstIndex(of: "=") else { return nil }
                return (String(text[..<equals]), String(text[text.index(after: equals)...]))
            }
        }
        let defaulted = try replay([])
        #expect(try defaulted.value("--distance-filter", expected: "metres") { Double($0) } == 3000)
    }

    @Test func commandsCanRaiseTheirOwnUsageErrors() throws {
        let parsed = try replay([])
        #expect(
            parsed.usageError("'--rate' requires '--realtime'.")
                == UsageError("'--rate' requires '--realtime'.", commandPath: ["locsim", "replay"]))
    }
}
