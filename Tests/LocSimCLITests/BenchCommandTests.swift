import Testing

@testable import LocSimCLI

@Suite struct BenchCommandTests {
    @Test(arguments: [
        (["bench", "--points", "1"], "Error: '--points' must be at least 2."),
        (["bench", "--repeat", "0"], "Error: '--repeat' must be at least 1."),
        (["bench", "--points", "many"], "Error: The value 'many' is invalid for '--points <n>'."),
    ])
    func badValuesAreUsageErrors(arguments: [String], message: String) throws {
        let fixture = try CLIFixture()
        defer { fixture.remove() }
        let outcome = fixture.run(arguments)
        #expect(outcome.status == .usage)
        #expect(outcome.stderr.hasPrefix(message))
        #expect(outcome.stdout.isEmpty)
    }

    @Test func childProcessReportsStatusTimeAndPeakMemory() throws {
        let clock = SystemWallClock()
        let ok = try #require(ChildProcess.run(["/bin/sh", "-c", "exit 0"], clock: clock))
        #expect(ok.status == 0)
        #expect(ok.seconds >= 0)
        #expect(ok.peakResidentBytes > 0)
        let failed = try #require(ChildProcess.run(["/bin/sh", "-c", "exit 3"], clock: clock))
        #expect(failed.status == 3)
        #expect(ChildProcess.run(["/nonexistent/locsim-bench-child"], clock: clock) == nil)
    }
}
