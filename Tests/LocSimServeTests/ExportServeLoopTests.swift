import Foundation
import LocSimCLI
import LocSimSupport
import Testing

/// Issue 26, item 3: one track drives the Simulator and the cassettes alike. A scenario's track
/// is exported as Xcode GPX; its waypoints are played as an app plays what the Simulator
/// reports (its own 3 km distance filter, a request at each delivered coordinate rounded to 4
/// decimals with `%.4f`); every request goes through `locsim serve SCENARIO` on 127.0.0.1 and
/// is answered from the cassette, although the cassette was recorded at the noisy positions
/// locsim's engine reported.
@Suite struct ExportServeLoopTests {
    #if os(Linux)
        static let packageRoot = ServeCommandTests.packageRoot

        /// The waypoints of `locsim export SCENARIO --to xcode-gpx --fixes FIXES`.
        static func exportedWaypoints(_ scenario: String, fixes: String) throws -> [(Double, Double)] {
            let stdout = MemoryOutput()
            let stderr = MemoryOutput()
            let context = CommandContext(
                stdout: stdout, stderr: stderr, environment: [:], currentDirectory: packageRoot.path,
                clock: ManualWallClock())
            let status = LocSim.run(
                arguments: ["export", scenario, "--to", "xcode-gpx", "--fixes", fixes], context: context)
            try #require(status == .success, "\(stderr.text)")
            var points: [(Double, Double)] = []
            for line in stdout.text.split(separator: "\n") where line.contains("<wpt ") {
                let fields = line.split(separator: "\"")
                points.append((try #require(Double(fields[1])), try #require(Double(fields[3]))))
            }
            return points
        }

        /// What an app with `distanceFilter = 3000` receives from the Simulator playing `points`.
        static func delivered(_ points: [(Double, Double)]) -> [(Double, Double)] {
            var result: [(Double, Double)] = []
            for point in points where result.last.map({ distance($0, point) >= 3000 }) ?? true {
                result.append(point)
            }
            return result
        }

        static func distance(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
            let (phi1, phi2) = (a.0 * .pi / 180, b.0 * .pi / 180)
            let dPhi = phi2 - phi1
            let dLambda = (b.1 - a.1) * .pi / 180
            let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
            return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
        }

        @Test(arguments: [
            ("nws-cap-lifecycle", "raw", "/nws/alerts/active?point=%.4f,%.4f"),
            ("nws-cap-lifecycle", "delivered", "/nws/alerts/active?point=%.4f,%.4f"),
            ("nws-zone", "raw", "/nws/points/%.4f,%.4f"),
            ("nws-zone", "delivered", "/nws/points/%.4f,%.4f"),
        ])
        func everyRequestOfTheExportedDriveIsAnsweredFromTheCassette(
            scenario: String, fixes: String, target: String
        ) throws {
            let requests = Self.delivered(try Self.exportedWaypoints(scenario, fixes: fixes)).map {
                String(format: target, $0.0, $0.1)
            }
            #expect(requests.count >= 5)
            let process = Process()
            process.executableURL = ServeCommandTests.executable
            process.arguments = ["serve", scenario, "--port", "0"]
            process.currentDirectoryURL = Self.packageRoot
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            defer {
                kill(process.processIdentifier, SIGTERM)
                process.waitUntilExit()
            }
            let line = ServeCommandTests.firstLine(output.fileHandleForReading)
            let port = try #require(Int(line.split(separator: ":").last ?? ""), "\(line)")
            for request in requests {
                let connection = try RawConnection(port: port)
                connection.send("GET \(request) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                let response = try #require(connection.readResponse(), "\(request)")
                #expect(response.status != 404, "\(scenario) \(fixes): \(request) → \(response.body)")
                #expect(!response.body.contains("not_recorded"), "\(request)")
            }
        }
    #endif
}
