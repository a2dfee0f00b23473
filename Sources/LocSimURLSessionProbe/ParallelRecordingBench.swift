import Dispatch
import Foundation
import LocSimHTTPRecording
import LocSimTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `LocSimURLSessionProbe bench [COUNT] [ROUNDS]` (scripts/bench-parallel-recording): COUNT requests
/// recorded through COUNT one-liner sessions into one new cassette (`new-episodes`, a loopback
/// stand-in answering at once), one after another and then all at once, plus the same requests
/// through plain parallel URLSessions (no locsim) as the floor. Prints the median of ROUNDS
/// rounds of each and the ratio parallel / sequential (target: ≤ 2).
struct ParallelRecordingBench {
    let count: Int
    let rounds: Int

    func run() async {
        let server: LoopbackHTTPServer
        do {
            server = try LoopbackHTTPServer { request in
                .init(
                    HTTPResponse(
                        status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"ok":true}"#.utf8)))
            }
        } catch {
            fail("error: cannot start the stand-in: \(error)", status: 1)
        }
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = server.baseURL
        var sequential: [Double] = []
        var parallel: [Double] = []
        var plain: [Double] = []
        for round in 0..<rounds {
            let urls = (0..<count).map { URL(string: base + "/round/\(round)/zone/\($0)")! }
            sequential.append(
                await Self.seconds {
                    let cassette = folder.appendingPathComponent("sequential-\(round).json")
                    for url in urls { await Self.record(url, into: cassette) }
                })
            parallel.append(
                await Self.seconds {
                    let cassette = folder.appendingPathComponent("parallel-\(round).json")
                    await withTaskGroup(of: Void.self) { group in
                        for url in urls { group.addTask { await Self.record(url, into: cassette) } }
                    }
                })
            plain.append(
                await Self.seconds {
                    await withTaskGroup(of: Void.self) { group in
                        for url in urls {
                            group.addTask {
                                let session = URLSession(configuration: .ephemeral)
                                defer { session.finishTasksAndInvalidate() }
                                _ = try? await session.data(from: url)
                            }
                        }
                    }
                })
        }
        let (s, p, b) = (Self.median(sequential), Self.median(parallel), Self.median(plain))
        print("\(count) recordings into one cassette, median of \(rounds) rounds (seconds):")
        print(String(format: "  sequential (one session after another): %.3f", s))
        print(String(format: "  parallel (all sessions at once):        %.3f", p))
        print(String(format: "  plain parallel URLSessions, no locsim:  %.3f", b))
        print(String(format: "parallel / sequential = %.2f× (target ≤ 2×)", p / s))
    }

    /// One test's recording: a one-liner session, one request, the session left as a test leaves it.
    static func record(_ url: URL, into cassette: URL) async {
        do {
            let session = try LocSimCassetteSession(
                cassette: cassette, environment: ["LOCSIM_RECORD": "new-episodes"], reportsMisses: false
            ).session
            defer { session.finishTasksAndInvalidate() }
            _ = try await session.data(from: url)
        } catch {
            // `fail` exits, which skips run()'s `defer`: the bench's folder goes first.
            try? FileManager.default.removeItem(at: cassette.deletingLastPathComponent())
            fail("error: recording \(url): \(error)", status: 1)
        }
    }

    static func seconds(_ body: () async -> Void) async -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        await body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
