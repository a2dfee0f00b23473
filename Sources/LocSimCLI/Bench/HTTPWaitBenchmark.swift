import LocSimHTTPRecording
import LocSimLiveHTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CPU time one idle live request costs: a loopback listener that never accepts (the kernel
/// completes the connection into its backlog, the request is sent, nothing answers) and a
/// ``LiveHTTPClient`` waiting for its deadline. Measured as this process's user + system time
/// (`getrusage`), so run it in a process doing nothing else (`locsim bench --http-wait s`).
enum HTTPWaitBenchmark {
    struct Result {
        var seconds: Double
        var cpuSeconds: Double
        /// The client's error (a timeout is expected).
        var outcome: String
    }

    static func run(deadline: Double, clock: any WallClock) -> Result? {
        #if canImport(Glibc)
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { return nil }
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard ready else { return nil }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let client = LiveHTTPClient(timeout: .seconds(deadline))
        let cpuBefore = cpuSeconds()
        let start = clock.now()
        let outcome: String
        do {
            _ = try client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/never"))
            outcome = "answered"
        } catch {
            outcome = "\(error)"
        }
        let elapsed = clock.now() - start
        return Result(
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            cpuSeconds: cpuSeconds() - cpuBefore, outcome: outcome)
    }

    /// User plus system time of this process so far, all threads.
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
