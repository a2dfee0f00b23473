// What a user's test does with the one-liner, in a process of its own (used by
// LocSimURLProtocolTests only): `LocSimURLSessionProbe CASSETTE URL` makes
// `LocSimURLSession.replaying(cassette:)` (the object that built it is gone at once), fetches
// URL through it, prints the body and exits without invalidating or finishing anything.
// `LOCSIM_RECORD`, `LOCSIM_CONNECT_TO` and `CI` come from the environment, as in `swift test`.
import Dispatch
import Foundation
import LocSimURLProtocol

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let url = URL(string: arguments[2]) else {
    fail("usage: LocSimURLSessionProbe CASSETTE URL", status: 64)
}
let session: URLSession
do {
    session = try LocSimURLSession.replaying(cassette: URL(fileURLWithPath: arguments[1]))
} catch {
    fail("error: \(error)", status: 2)
}
let done = DispatchSemaphore(value: 0)
nonisolated(unsafe) var outcome: (Data?, (any Error)?) = (nil, nil)
session.dataTask(with: url) { data, _, error in
    outcome = (data, error)
    done.signal()
}.resume()
done.wait()
if let error = outcome.1 { fail("error: \(error.localizedDescription)", status: 1) }
FileHandle.standardOutput.write(outcome.0 ?? Data())
exit(0)
