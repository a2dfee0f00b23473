import Foundation
import LocSimSupport
import Serve

/// The write end of the pipe the signal handler writes to; set before the handler is installed.
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// SIGINT and SIGTERM for `locsim serve`: the first one starts a graceful shutdown (in-flight
/// requests finish, the cassette is written, exit 0); a second SIGINT exits 130 at once.
///
/// The handlers are installed with `signal(2)` before `init` returns (so a client that has read
/// the `listening on` line, printed after, can signal at once: nothing is lost in between), and
/// do only what is safe in a handler: write the signal's number to a pipe. A thread reads the
/// pipe and acts. The calling thread unblocks both signals, so they arrive even when the parent
/// started the process with them blocked.
final class ServeSignals {
    private let readEnd: Int32
    private let writeEnd: Int32

    init(server: ReplayServer) {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        readEnd = ends[0]
        writeEnd = ends[1]
        signalPipe = ends[1]
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = SystemCall.write(signalPipe, &byte, 1)
            }
            sigaddset(&signals, number)
        }
        // A parent may hand the signals down blocked (a test runner's worker thread does): this
        // thread takes them, as does the reading thread it starts.
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        let readEnd = self.readEnd
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1 else {
                    close(readEnd)
                    return
                }
                if server.isStopping {
                    if Int32(byte) == SIGINT { SystemCall.exit(130) }
                    continue
                }
                server.requestShutdown()
            }
        }
        thread.name = "locsim.serve.signals"
        thread.start()
    }

    /// Restores the signals' defaults and stops the reading thread.
    func cancel() {
        for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
        close(writeEnd)
    }
}
