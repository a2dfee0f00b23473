import LocSimCLI
import Testing

@Suite struct MemoryOutputTests {
    @Test func collectsWritesInOrder() {
        let output = MemoryOutput(isTerminal: true)
        output.write("a")
        output.flush()
        output.write("b\n")
        #expect(output.text == "ab\n")
        #expect(output.isTerminal)
        #expect(!MemoryOutput().isTerminal)
    }
}
