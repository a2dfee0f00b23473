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
        let listener = core.listener
        while true {
            var pollers = [
                pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: listener.wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&pollers, 2, -1)
            if ready < 0, errno == EINTR { continue }
            if pollers[1].revents != 0 || ready < 0 { return }
            while true {
                let connection = accept(listener.descriptor, nil, nil)
                guard connection >= 0 else { break }
                admit(connection)
            }
        }
    }

    private func admit(_ connection: Int32) {
        AcceptedSocket.configure(connection, nonBlocking: false)
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
