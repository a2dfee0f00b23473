import LocSimCLI
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct FileDescriptorOutputTests {
    /// Bytes waiting to be read from `fileDescriptor`.
    func available(_ fileDescriptor: Int32) -> Int32 {
        var count: Int32 = 0
        _ = ioctl(fileDescriptor, UInt(FIONREAD), &count)
        return count
    }

    func readAll(_ fileDescriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fileDescriptor, &chunk, chunk.count)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func bufferedOutputWritesOnFlush() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let output = FileDescriptorOutput(fileDescriptor: ends[1], isBuffered: true)
        #expect(!output.isTerminal)
        output.write("héllo ")
        output.write("world\n")
        #expect(available(ends[0]) == 0)
        output.flush()
        close(ends[1])
        #expect(readAll(ends[0]) == "héllo world\n")
    }

    @Test func unbufferedOutputWritesAtOnce() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let output = FileDescriptorOutput(fileDescriptor: ends[1], isBuffered: false)
        output.write("now\n")
        #expect(available(ends[0]) == 4)
        close(ends[1])
        #expect(readAll(ends[0]) == "now\n")
    }

    @Test func largeWritesGoOutBeforeTheBufferGrowsUnbounded() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let output = FileDescriptorOutput(fileDescriptor: ends[1], isBuffered: true)
        let line = String(repeating: "x", count: 1023) + "\n"
        for _ in 0..<63 { output.write(lines: line) }
        #expect(available(ends[0]) == 0)
        output.write(lines: line)
        #expect(available(ends[0]) == 64 * 1024)
        output.flush()
        close(ends[1])
        #expect(readAll(ends[0]).count == 64 * 1024)
    }
}
