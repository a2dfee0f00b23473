import Foundation
import LocSimCLI
import LocSimSupport
import Testing

/// One track drives the Simulator and the cassettes alike, for every repository scenario whose
/// requests carry a position. The scenario is exported as Xcode GPX; its waypoints are played as
/// an app plays what the Simulator reports (its own 3 km distance filter, a request at each
/// delivered coordinate rounded to 4 decimals with `%.4f`, shaped like each recorded request);
/// every request goes through `locsim serve SCENARIO` on 127.0.0.1 and is answered from the
/// cassette, although the cassette was recorded at the noisy positions locsim's engine reported.
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

        /// A recorded request's URL with its coordinate pair cut out: what comes before the
        /// latitude, between it and the longitude, and after.
        struct Template: Hashable {
            /// The recorded host: the request is routed to it (`Host:`), as an app's would be.
            var host: String
            var before: String
            var separator: String
            var after: String

            /// The template of `url` (origin dropped), or `nil` when it carries no coordinate.
            init?(_ url: String) {
                let pattern = #/(-?\d{1,2}\.\d{2,})(,|/|%2C|&lon=)(-?\d{1,3}\.\d{2,})/#
                guard let match = url.firstMatch(of: pattern) else { return nil }
                guard let origin = url.firstRange(of: #/https?:\/\/[^\/]+/#) else { return nil }
                let path = String(url[origin.upperBound...])
                guard let inPath = path.firstMatch(of: pattern) else { return nil }
                host = String(url[origin].split(separator: "/").last ?? "")
                before = String(path[..<inPath.range.lowerBound])
                separator = String(match.output.2)
                after = String(path[inPath.range.upperBound...])
            }

            /// The request an app sends at `position`, rounded as `%.4f` does.
            func request(at position: (Double, Double)) -> String {
                before + String(format: "%.4f", position.0) + separator + String(format: "%.4f", position.1) + after
            }
        }

        /// Every repository scenario whose cassette has requests that carry a position, with the
        /// templates of those requests (one per endpoint and query shape).
        static let coordinateScenarios: [(String, [Template])] = {
            let recordings = packageRoot.appendingPathComponent("Recordings").path
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: recordings)) ?? []).sorted()
            return names.compactMap { name in
                guard let data = FileManager.default.contents(atPath: "\(recordings)/\(name)/cassette.json"),
                    let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                    let interactions = json["interactions"] as? [[String: Any]]
                else { return nil }
                var templates: [Template] = []
                for interaction in interactions {
                    guard let request = interaction["request"] as? [String: Any], let url = request["url"] as? String,
                        let template = Template(url), !templates.contains(template)
                    else { continue }
                    templates.append(template)
                }
                return templates.isEmpty ? nil : (name, templates)
            }
        }()

        @Test func theCoordinateCarryingScenariosAreFound() {
            let names = Self.coordinateScenarios.map(\.0)
            #expect(names.contains("owm-onecall") && names.contains("weatherkit-alerts") && names.contains("nws-zone"))
            #expect(names.count >= 12, "\(names)")
        }

        @Test(arguments: coordinateScenarios.map(\.0), ["raw", "delivered"])
        func everyRequestOfTheExportedDriveIsAnsweredFromTheCassette(scenario: String, fixes: String) throws {
            let templates = try #require(Self.coordinateScenarios.first { $0.0 == scenario }?.1)
            let positions = Self.delivered(try Self.exportedWaypoints(scenario, fixes: fixes))
            let requests = positions.flatMap { position in templates.map { ($0.host, $0.request(at: position)) } }
            #expect(!requests.isEmpty)
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
            for (host, request) in requests {
                let connection = try RawConnection(port: port)
                connection.send("GET \(request) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                let response = try #require(connection.readResponse(), "\(request)")
                #expect(response.status != 404, "\(scenario) \(fixes): \(request) → \(response.body)")
                #expect(!response.body.contains("not_recorded"), "\(request)")
            }
        }
    #endif
}
