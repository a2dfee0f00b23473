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

    @Test func childProcessReportsTheCPUTimeItSpent() throws {
        let busy = "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done"
        let outcome = try #require(ChildProcess.run(["/bin/sh", "-c", busy], clock: SystemWallClock()))
        #expect(outcome.status == 0)
        #expect(outcome.cpuSeconds > 0.01)
        #expect(outcome.cpuSeconds <= outcome.seconds * 2 + 0.01)  // one thread: at most its wall time (+ tick)
    }

    #if os(Linux)
        /// The one-core prefix leaves the child exactly one allowed CPU.
        @Test func theOneCorePrefixConfinesTheChildToOneCPU() throws {
            let prefix = try #require(ChildProcess.oneCorePrefix)
            let check = #"grep -Eq '^Cpus_allowed_list:[[:space:]]*[0-9]+$' /proc/self/status"#
            let outcome = try #require(ChildProcess.run(prefix + ["/bin/sh", "-c", check], clock: SystemWallClock()))
            #expect(outcome.status == 0)
        }
    #endif
}
