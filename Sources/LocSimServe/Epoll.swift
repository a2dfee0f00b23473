#if os(Linux)
    import LocSimCEpoll
    import LocSimSupport

    /// One epoll instance, level-triggered, with an eventfd registered on it that wakes its
    /// waiter from any thread. Each registration carries a token: a socket's own descriptor,
    /// or ``wakeToken``.
    final class Epoll: Sendable {
        static let wakeToken = UInt64.max

        /// What a socket waits for.
        enum Interest: Equatable {
            /// Not registered (the connection waits for a worker).
            case none
            case readable
            case writable

            var events: UInt32 {
                switch self {
                case .none: 0
                case .readable: EPOLLIN.rawValue
                case .writable: EPOLLOUT.rawValue
                }
            }
        }

        let descriptor: Int32
        let wakeDescriptor: Int32

        init() throws(ServeError) {
            descriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
            guard descriptor >= 0 else { throw ServeError("epoll_create1: \(SystemCall.lowercasedErrorText(errno))") }
            wakeDescriptor = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
            guard wakeDescriptor >= 0 else {
                let message = SystemCall.lowercasedErrorText(errno)
                closeDescriptor(descriptor)
                throw ServeError("eventfd: \(message)")
            }
            _ = control(EPOLL_CTL_ADD, wakeDescriptor, events: EPOLLIN.rawValue, token: Self.wakeToken)
        }

        deinit {
            closeDescriptor(wakeDescriptor)
            closeDescriptor(descriptor)
        }

        /// Changes what `socket` waits for, from `old` to `new` (one `epoll_ctl`, none when equal).
        @discardableResult
        func change(_ socket: Int32, from old: Interest, to new: Interest) -> Bool {
            switch (old, new) {
            case _ where old == new: true
            case (.none, _): control(EPOLL_CTL_ADD, socket, events: new.events, token: UInt64(socket))
            case (_, .none): control(EPOLL_CTL_DEL, socket, events: 0, token: 0)
            default: control(EPOLL_CTL_MOD, socket, events: new.events, token: UInt64(socket))
            }
        }

        /// Registers a listening socket (readable when a connection waits).
        func addListener(_ socket: Int32, token: UInt64) -> Bool {
            control(EPOLL_CTL_ADD, socket, events: EPOLLIN.rawValue, token: token)
        }

        func remove(_ socket: Int32) {
            _ = control(EPOLL_CTL_DEL, socket, events: 0, token: 0)
        }

        /// Waits up to `milliseconds` (-1: no limit) and returns how many of `events` were filled.
        func wait(_ events: inout [epoll_event], milliseconds: Int32) -> Int {
            let count = events.withUnsafeMutableBufferPointer {
                epoll_wait(descriptor, $0.baseAddress, Int32($0.count), milliseconds)
            }
            return max(0, Int(count))
        }

        /// Makes the waiter return (from any thread).
        func wake() {
            var one: UInt64 = 1
            _ = SystemCall.write(wakeDescriptor, &one, 8)
        }

        /// Consumes the wake-ups so far (on the waiter, when ``wakeToken`` was ready).
        func clearWake() {
            var count: UInt64 = 0
            _ = read(wakeDescriptor, &count, 8)
        }

        private func control(_ operation: Int32, _ socket: Int32, events: UInt32, token: UInt64) -> Bool {
            var event = epoll_event()
            event.events = events
            event.data.u64 = token
            return epoll_ctl(descriptor, operation, socket, &event) == 0
        }
    }
#endif
