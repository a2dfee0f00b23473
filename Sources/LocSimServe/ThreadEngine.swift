import Dispatch
import Foundation
import LocSimSupport

/// One thread per connection with blocking reads behind `poll` (the connection's deadline and
/// the listener's wake pipe), and an accept thread: the engine where epoll is not available.
/// Nothing spins: shutdown writes a byte to the wake pipe, which every poller sees.
final class ThreadEngine: ServeEngine {
    private let core: ServeCore
    private let connections = DispatchGroup()
    private let acceptDone = DispatchGroup()

    init(core: ServeCore) {
        self.core = core
        acceptDone.enter()
        let thread = Thread { [self] in
            acceptLoop()
            acceptDone.leave()
        }
        thread.name = "locsim.serve.accept"
        thread.start()
    }

    func stop() {
        core.listener.wakeAll()
        acceptDone.wait()
        connections.wait()
    }

    private func acceptLoop() {
        core.listener.acceptUntilWoken(admit)
    }

    private func admit(_ connection: Int32) {
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard core.admit() else {
            ThreadConnection.sendAll(connection, core.tooManyConnectionsBytes)
            close(connection)
            return
        }
        connections.enter()
        let core = self.core
        let thread = Thread { [self] in
            ThreadConnection(core: core, descriptor: connection).run()
            // The slot is free before the peer can see the close.
            core.release()
            close(connection)
            connections.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
