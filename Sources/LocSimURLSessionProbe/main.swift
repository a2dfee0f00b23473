// What a user's tests do with the one-liner, in a process of their own (used by
// LocSimURLProtocolTests and scripts/bench-parallel-recording only):
//
//   LocSimURLSessionProbe [--hold] CASSETTE URL [URL…]
//     makes one `LocSimURLSession.replaying(cassette:)` session per URL (the objects that built
//     them are gone at once), fetches every URL at the same time, each through its own session,
//     prints the bodies (one a line, in the order given) and exits without invalidating or
//     finishing anything. With --hold it prints `ready` once the sessions exist and waits for a
//     line on stdin before fetching, then prints `done` after the bodies and stays alive until
//     stdin ends: a test runs two probes at once, or one while the other is still alive.
//   LocSimURLSessionProbe --global CASSETTE URL
//     what `registerGlobally()` reaches (below).
//   LocSimURLSessionProbe bench [COUNT] [ROUNDS]
//     scripts/bench-parallel-recording: see ParallelRecordingBench.swift.
//
// `LOCSIM_RECORD`, `LOCSIM_CONNECT_TO` and `CI` come from the environment, as in `swift test`.
import Dispatch
import Foundation
import LocSimHTTPRecording

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

/// Fetches `url` through `session`: the body, or the task's error.
func fetch(_ url: URL, through session: URLSession) -> Result<Data, any Error> {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var outcome: Result<Data, any Error> = .success(Data())
    session.dataTask(with: url) { data, _, error in
        outcome = error.map { .failure($0) } ?? .success(data ?? Data())
        done.signal()
    }.resume()
    done.wait()
    return outcome
}

/// The body as text, or `error: …`.
func text(_ result: Result<Data, any Error>) -> String {
    switch result {
    case .success(let data): String(decoding: data, as: UTF8.self)
    case .failure(let error): "error: \(error.localizedDescription)"
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
// `--global CASSETTE URL`: what `registerGlobally()` reaches. Registers twice (one warning is
// due, not two), then fetches URL through a session built afterwards from `.ephemeral` and
// through `URLSession.shared`, printing `ephemeral: …` and `shared: …`.
if arguments.count == 3, arguments[0] == "--global", let url = URL(string: arguments[2]) {
    let player: LocSimCassetteSession
    do {
        player = try LocSimCassetteSession(cassette: URL(fileURLWithPath: arguments[1]), reportsMisses: false)
    } catch {
        fail("error: \(error)", status: 2)
    }
    player.registerGlobally()
    player.registerGlobally()
    let ephemeral = URLSession(configuration: .ephemeral)
    print("ephemeral: " + text(fetch(url, through: ephemeral)))
    print("shared: " + text(fetch(url, through: .shared)))
    exit(0)
}
if arguments.first == "bench" {
    let count = arguments.count > 1 ? Int(arguments[1]) : 8
    let rounds = arguments.count > 2 ? Int(arguments[2]) : 5
    guard let count, let rounds, count > 0, rounds > 0 else {
        fail("usage: LocSimURLSessionProbe bench [COUNT] [ROUNDS]", status: 64)
    }
    await ParallelRecordingBench(count: count, rounds: rounds).run()
    exit(0)
}
let hold = arguments.first == "--hold"
if hold { arguments.removeFirst() }
let urls = arguments.dropFirst().compactMap(URL.init(string:))
guard arguments.count >= 2, urls.count == arguments.count - 1 else {
    fail("usage: LocSimURLSessionProbe [--hold] CASSETTE URL [URL…]", status: 64)
}
let sessions: [URLSession]
do {
    let cassette = URL(fileURLWithPath: arguments[0])
    sessions = try urls.map { _ in try LocSimURLSession.replaying(cassette: cassette) }
} catch {
    fail("error: \(error)", status: 2)
}
if hold {
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    _ = readLine()
}
let bodies = await withTaskGroup(of: (Int, Result<Data, any Error>).self) { group in
    for (index, url) in urls.enumerated() {
        group.addTask {
            do {
                return (index, .success(try await sessions[index].data(from: url).0))
            } catch {
                return (index, .failure(error))
            }
        }
    }
    var bodies = [Result<Data, any Error>?](repeating: nil, count: urls.count)
    for await (index, body) in group { bodies[index] = body }
    return bodies.compactMap { $0 }
}
var output = Data()
for body in bodies {
    switch body {
    case .success(let data): output.append(data + Data("\n".utf8))
    case .failure(let error): fail("error: \(error.localizedDescription)", status: 1)
    }
}
FileHandle.standardOutput.write(output)
if hold {
    FileHandle.standardOutput.write(Data("done\n".utf8))
    while readLine() != nil {}
}
exit(0)
