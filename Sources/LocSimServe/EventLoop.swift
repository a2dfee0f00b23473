#if os(Linux)
    import LocSimCEpoll
    import Dispatch
    import Foundation
    import LocSimSupport

    /// One thread serving many connections on one epoll instance (level-triggered, sockets
    /// non-blocking): reads whatever arrived, answers every complete request, writes until the
    /// socket is full and waits for it to drain. Requests only the session's client can answer
    /// (a miss report, a live call when recording) go to a worker thread; their connection
    /// waits unregistered and resumes when the worker posts the answer back. The first loop
    /// also owns the listener and hands accepted connections round-robin to every loop.
    ///
    /// `@unchecked Sendable`: other threads only call ``adopt(_:)``, ``post(_:)`` and
    /// ``wake()``, which touch nothing but `inbox` (behind its `Locked`) and the eventfd;
    /// everything else belongs to the loop's thread.
    final class EventLoop: @unchecked Sendable {
        /// A worker's answer for a connection of this loop.
        struct Finished: Sendable {
            var descriptor: Int32
            var serial: UInt64
            var reply: Reply?
        }

        private struct Inbox {
            var adopted: [Int32] = []
            var finished: [Finished] = []
        }

        static let listenerToken = UInt64.max - 1

        let core: ServeCore
        let epoll: Epoll
        let workers: DispatchQueue
        /// The other loops, for the first loop (which accepts); empty for the others.
        private let siblings: [EventLoop]
        private let accepts: Bool
        private let inbox = Locked(Inbox())

        // The loop thread's own state.
        var connections: [LoopConnection?] = []
        var openConnections = 0
        var cache: AnswerCache
        /// ``MonotonicTime`` when the loop last woke.
        var now = MonotonicTime.microseconds()
        /// The earliest deadline of any connection (or later; never earlier than one).
        var nextSweep = Int.max
        var draining = false
        private var nextSerial: UInt64 = 0
        private var turn = 0
        private var buffer = [UInt8](repeating: 0, count: 65_536)
        /// When a listener paused by a lack of descriptors listens again.
        private var listenerPausedUntil: Int?

        /// `cacheBytes`: how many bytes of encoded answers this loop keeps (``AnswerCache``).
        init(
            core: ServeCore, workers: DispatchQueue, accepts: Bool, siblings: [EventLoop], cacheBytes: Int
        ) throws(ServeError) {
            self.core = core
            self.cache = AnswerCache(maxWireBytes: cacheBytes)
            self.epoll = try Epoll()
            self.workers = workers
            self.accepts = accepts
            self.siblings = siblings
        }

        /// Runs the loop on a new thread; `group` is left when it has closed its last connection
        /// after shutdown.
        func start(name: String, group: DispatchGroup) {
            group.enter()
            let thread = Thread { [self] in
                run()
                group.leave()
            }
            thread.name = name
            thread.start()
        }

        /// Hands an accepted connection to this loop (from the accepting loop's thread).
        func adopt(_ descriptor: Int32) {
            inbox.withLock { $0.adopted.append(descriptor) }
            epoll.wake()
        }

        /// Posts a worker's answer (from the worker's thread).
        func post(_ finished: Finished) {
            inbox.withLock { $0.finished.append(finished) }
            epoll.wake()
        }

        /// Closes connections handed over after the loop ended (accepted as shutdown began).
        /// Call only once the loop's thread has finished.
        func closeLeftovers() {
            let leftovers = inbox.withLock { inbox in
                defer { inbox.adopted = [] }
                return inbox.adopted
            }
            for descriptor in leftovers {
                core.release()
                closeDescriptor(descriptor)
            }
        }

        /// Makes the loop look at its inbox and at the server's stop flag.
        func wake() {
            epoll.wake()
        }

        private func run() {
            if accepts { _ = epoll.addListener(core.listener.descriptor, token: Self.listenerToken) }
            var events = [epoll_event](repeating: epoll_event(), count: 256)
            while !(draining && openConnections == 0) {
                let ready = epoll.wait(&events, milliseconds: timeout())
                now = MonotonicTime.microseconds()
                for index in 0..<ready {
                    let token = events[index].data.u64
                    switch token {
                    case Epoll.wakeToken:
                        epoll.clearWake()
                        takeInbox()
                        if core.isStopping, !draining { beginDraining() }
                    case Self.listenerToken:
                        acceptPending()
                    default:
                        guard let connection = connections[Int(token)] else { continue }
                        switch connection.interest {
                        case .readable: readable(connection)
                        case .writable: writable(connection)
                        case .none: break
                        }
                    }
                }
                if now >= nextSweep { sweep() }
                if let until = listenerPausedUntil, now >= until, !draining {
                    listenerPausedUntil = nil
                    _ = epoll.addListener(core.listener.descriptor, token: Self.listenerToken)
                }
            }
        }

        /// Milliseconds until the earliest deadline, or -1 (none: wait for an event).
        private func timeout() -> Int32 {
            let next = min(nextSweep, listenerPausedUntil ?? .max)
            guard next != .max else { return -1 }
            return Int32(clamping: max(0, (next - MonotonicTime.microseconds() + 999) / 1000))
        }

        private func takeInbox() {
            let taken = inbox.withLock { inbox in
                defer { inbox = Inbox() }
                return inbox
            }
            for descriptor in taken.adopted { register(descriptor) }
            for finished in taken.finished { resume(finished) }
        }

        /// Accepts every waiting connection and deals them out round-robin.
        private func acceptPending() {
            for _ in 0..<64 {
                let descriptor = accept(core.listener.descriptor, nil, nil)
                guard descriptor >= 0 else {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
                        // Out of descriptors: listen again in a moment rather than spin on the ready listener.
                        epoll.remove(core.listener.descriptor)
                        listenerPausedUntil = now + 100_000
                    }
                    return
                }
                AcceptedSocket.configure(descriptor, nonBlocking: true)
                guard core.admit() else {
                    let bytes = core.tooManyConnectionsBytes
                    _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, SystemCall.sendFlags) }
                    closeDescriptor(descriptor)
                    continue
                }
                turn = (turn + 1) % (siblings.count + 1)
                if turn == 0 { register(descriptor) } else { siblings[turn - 1].adopt(descriptor) }
            }
        }

        private func register(_ descriptor: Int32) {
            let index = Int(descriptor)
            if index >= connections.count {
                connections.append(contentsOf: repeatElement(nil, count: index + 1 - connections.count))
            }
            nextSerial += 1
            let connection = LoopConnection(
                descriptor: descriptor, serial: nextSerial, limits: core.limits, bodies: core.bodies, now: now)
            connections[index] = connection
            openConnections += 1
            if draining {
                closeIfIdle(connection)
            } else {
                watch(connection, .readable)
            }
        }

        /// Stops accepting and closes every idle connection; the loop ends with its last connection.
        private func beginDraining() {
            draining = true
            if accepts { epoll.remove(core.listener.descriptor) }
            for case let connection? in connections { closeIfIdle(connection) }
        }

        /// At shutdown: closes `connection` unless a request has arrived on it (read it first).
        private func closeIfIdle(_ connection: LoopConnection) {
            guard connection.isIdle else { return }
            readable(connection)
            if let current = connections[Int(connection.descriptor)], current === connection, current.isIdle {
                close(current)
            }
        }

        /// Closes the connections whose deadline has passed and finds the next deadline.
        private func sweep() {
            nextSweep = .max
            for case let connection? in connections {
                let deadline = connection.deadline(core.limits)
                guard deadline <= now else {
                    nextSweep = min(nextSweep, deadline)
                    continue
                }
                if connection.requestStarted != nil, !connection.hasOutput, !connection.closing {
                    connection.queue(core.rejection(status: 408, reason: core.requestTimeoutReason))
                    connection.closing = true
                    connection.halfClose = true
                    drive(connection)
                } else {
                    close(connection)
                }
            }
        }

        /// Registers `connection` for `interest` and notes its deadline.
        func watch(_ connection: LoopConnection, _ interest: Epoll.Interest) {
            if connection.interest != interest {
                epoll.change(connection.descriptor, from: connection.interest, to: interest)
                connection.interest = interest
            }
            nextSweep = min(nextSweep, connection.deadline(core.limits))
        }

        /// Closes `connection` (after shutting its write side down when it was refused, so the
        /// client reads the refusal before the close resets the connection).
        func close(_ connection: LoopConnection) {
            // The slot is free before the peer can see the close.
            core.release()
            connections[Int(connection.descriptor)] = nil
            openConnections -= 1
            if connection.halfClose { shutdown(connection.descriptor, Int32(SHUT_WR)) }
            closeDescriptor(connection.descriptor)
        }

        private func readable(_ connection: LoopConnection) {
            let received = buffer.withUnsafeMutableBytes { recv(connection.descriptor, $0.baseAddress, $0.count, 0) }
            if received > 0 {
                buffer.withUnsafeBytes { connection.reader.append(UnsafeRawBufferPointer(rebasing: $0[..<received])) }
                drive(connection)
            } else if received == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                close(connection)
            }
        }

        private func writable(_ connection: LoopConnection) {
            switch connection.flush(now: now) {
            case .failed: close(connection)
            case .blocked: nextSweep = min(nextSweep, connection.deadline(core.limits))
            case .done: drive(connection)
            }
        }
    }
#endif
