// What a user's test does with the one-liner, in a process of its own (used by
// LocSimURLProtocolTests only): `LocSimURLSessionProbe CASSETTE URL` makes
// `LocSimURLSession.replaying(cassette:)` (the object that built it is gone at once), fetches
// URL through it, prints the body and exits without invalidating or finishing anything.
// `LOCSIM_RECORD`, `LOCSIM_CONNECT_TO` and `CI` come from the environment, as in `swift test`.
// `LocSimURLSessionProbe --global CASSETTE URL` checks what `registerGlobally()` reaches (below).
import Dispatch
import Foundation
import LocSimURLProtocolCore

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

let arguments = CommandLine.arguments
// `--global CASSETTE URL`: what `registerGlobally()` reaches. Registers twice (one warning is
// due, not two), then fetches URL through a session built afterwards from `.ephemeral` and
// through `URLSession.shared`, printing `ephemeral: …` and `shared: …`.
if arguments.count == 4, arguments[1] == "--global", let url = URL(string: arguments[3]) {
    let player: LocSimCassetteSession
    do {
        player = try LocSimCassetteSession(cassette: URL(fileURLWithPath: arguments[2]), reportsMisses: false)
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
guard arguments.count == 3, let url = URL(string: arguments[2]) else {
    fail("usage: LocSimURLSessionProbe CASSETTE URL | LocSimURLSessionProbe --global CASSETTE URL", status: 64)
}
let session: URLSession
do {
    session = try LocSimURLSession.replaying(cassette: URL(fileURLWithPath: arguments[1]))
} catch {
    fail("error: \(error)", status: 2)
}
switch fetch(url, through: session) {
case .success(let data): FileHandle.standardOutput.write(data)
case .failure(let error): fail("error: \(error.localizedDescription)", status: 1)
}
exit(0)
