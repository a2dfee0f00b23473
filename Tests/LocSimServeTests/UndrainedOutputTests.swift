import Foundation
import LocSimSupport
import Testing

/// The built `locsim serve` behind outputs nobody reads, as a UI-test harness starts it
/// (`subprocess.PIPE`, `Process` + `Pipe()`): every request is answered, the dropped lines are
/// counted, and SIGTERM still ends it at once with exit 0.
@Suite struct UndrainedOutputTests {
    #if os(Linux)
        static let requests = 10_000
        static let connections = 8
        static let hit = "/aeris/advisories/franklin,la,us?client_id=app&client_secret=app"

        /// A started `locsim serve franklin-la` whose standard error is a pipe nobody reads and
        /// whose standard output is read for its first line only.
        struct Server {
            let process: Process
            let port: Int
            let unread: [Pipe]
            let exited = DispatchSemaphore(value: 0)

            init(extraArguments: [String] = []) throws {
                process = Process()
                process.executableURL = ServeCommandTests.executable
                process.arguments = ["serve", "franklin-la", "--port", "0"] + extraArguments
                process.currentDirectoryURL = ServeCommandTests.packageRoot
                let output = Pipe()
                let errors = Pipe()
                unread = [output, errors]
                process.standardOutput = output
                process.standardError = errors
                let exited = self.exited
                process.terminationHandler = { _ in exited.signal() }
                try process.run()
                let line = ServeCommandTests.firstLine(output.fileHandleForReading)
                port = Int(line.split(separator: ":").last ?? "") ?? 0
            }

            /// Sends SIGTERM; whether the process exited within `seconds`, and its status.
            func terminate(within seconds: Double) -> (prompt: Bool, status: Int32) {
                let started = Date()
                kill(process.processIdentifier, SIGTERM)
                guard exited.wait(timeout: .now() + seconds) == .success else {
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                    return (false, -1)
                }
                let elapsed = Date().timeIntervalSince(started)
                print("locsim serve exited \(elapsed) s after SIGTERM")
                return (true, process.terminationReason == .exit ? process.terminationStatus : -2)
            }
        }

        /// Sends `requests` requests (every fourth a miss) over `connections` kept-alive
        /// connections in parallel; how many got the expected status.
        static func load(port: Int) -> Int {
            let answered = ServeFixture.Lines()
            DispatchQueue.concurrentPerform(iterations: connections) { worker in
                guard let connection = try? RawConnection(port: port) else { return }
                var good = 0
                for index in stride(from: worker, to: requests, by: connections) {
                    let miss = index % 4 == 0
                    let target = miss ? "/aeris/advisories/houma,la,us?client_id=app&n=\(index)" : hit
                    connection.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    guard let response = connection.readResponse() else { break }
                    if response.status == (miss ? 404 : 200) { good += 1 }
                }
                answered.append(String(good))
            }
            return answered.all.compactMap { Int($0) }.reduce(0, +)
        }

        static func health(port: Int) throws -> [String: Any] {
            let connection = try RawConnection(port: port)
            connection.send("GET /__locsim/health HTTP/1.1\r\nHost: x\r\n\r\n")
            let body = try #require(connection.readResponse()?.body)
            return try #require(JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        }

        @Test func everyRequestIsAnsweredWhenStandardErrorIsNotRead() throws {
            let server = try Server()
            try #require(server.port > 0)
            #expect(Self.load(port: server.port) == Self.requests)
            let health = try Self.health(port: server.port)
            #expect(health["requests"] as? Int == Self.requests)
            let dropped = try #require(health["dropped_lines"] as? Int)
            #expect(dropped > 0, "a full pipe drops lines: \(health)")
            let (prompt, status) = server.terminate(within: 5)
            #expect(prompt)
            #expect(status == 0)
        }

        @Test func theLogFileKeepsEveryLineWhileNeitherStandardOutputNorErrorIsRead() throws {
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-undrained-\(UUID()).jsonl")
            defer { try? FileManager.default.removeItem(at: log) }
            let server = try Server(extraArguments: ["--log", log.path])
            try #require(server.port > 0)
            #expect(Self.load(port: server.port) == Self.requests)
            let (prompt, status) = server.terminate(within: 5)
            #expect(prompt)
            #expect(status == 0)
            let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == Self.requests)
            #expect(lines.filter { $0.contains(#""outcome":"miss""#) }.count == Self.requests / 4)
        }
    #endif
}
