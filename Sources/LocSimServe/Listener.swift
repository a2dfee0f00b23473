import LocSimSupport

/// The listening socket (non-blocking), and the pipe that wakes every blocked `poll` of the
/// thread-per-connection engine at shutdown (the event loops have their own eventfds).
package struct Listener: Sendable {
    package let descriptor: Int32
    package let port: Int
    /// Readable once shutdown has begun (a byte is written and never read).
    package let wakeRead: Int32
    package let wakeWrite: Int32

    /// Whether `host` is what ``open(host:port:)`` binds: an IPv4 or IPv6 address (bracketed or
    /// not), or `localhost`.
    package static func isBindable(_ host: String) -> Bool {
        var address4 = in_addr()
        var address6 = in6_addr()
        return host == "localhost" || inet_pton(AF_INET, host, &address4) == 1
            || inet_pton(AF_INET6, bracketless(host), &address6) == 1
    }

    /// Binds `host:port` (port 0: any free port) and listens.
    package static func open(host: String, port: Int) throws(ServeError) -> Listener {
        let name = host == "localhost" ? "127.0.0.1" : host
        var address4 = sockaddr_in()
        var address6 = sockaddr_in6()
        let family: Int32
        if inet_pton(AF_INET, name, &address4.sin_addr) == 1 {
            family = AF_INET
        } else if inet_pton(AF_INET6, bracketless(name), &address6.sin6_addr) == 1 {
            family = AF_INET6
        } else {
            throw ServeError("'\(host)' is not an IPv4 or IPv6 address (or localhost)")
        }
        guard (0...65535).contains(port) else { throw ServeError("port \(port) is not in 0…65535") }
        let descriptor = socket(family, SystemCall.streamSocket, 0)
        guard descriptor >= 0 else { throw ServeError("socket: \(SystemCall.lowercasedErrorText(errno))") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        if family == AF_INET {
            address4.sin_family = sa_family_t(AF_INET)
            address4.sin_port = UInt16(port).bigEndian
            bound = withUnsafePointer(to: &address4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        } else {
            address6.sin6_family = sa_family_t(AF_INET6)
            address6.sin6_port = UInt16(port).bigEndian
            bound = withUnsafePointer(to: &address6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        guard bound == 0, listenOn(descriptor) == 0 else {
            let message = SystemCall.lowercasedErrorText(errno)
            closeDescriptor(descriptor)
            throw ServeError("cannot listen on \(host):\(port): \(message)")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var storage = sockaddr_in6()
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        // sin_port and sin6_port sit at the same offset.
        let actual = Int(UInt16(bigEndian: storage.sin6_port))
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            closeDescriptor(descriptor)
            throw ServeError("pipe: \(SystemCall.lowercasedErrorText(errno))")
        }
        return Listener(descriptor: descriptor, port: actual, wakeRead: pipeEnds[0], wakeWrite: pipeEnds[1])
    }

    /// Accepts connections until ``wakeAll()``, handing each to `admit` (blocking, as
    /// ``AcceptedSocket/configure(_:nonBlocking:)`` leaves it). It waits in `poll` on the socket
    /// and the wake pipe: nothing spins.
    package func acceptUntilWoken(_ admit: (Int32) -> Void) {
        while true {
            var pollers = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&pollers, 2, -1)
            if ready < 0, errno == EINTR { continue }
            if pollers[1].revents != 0 || ready < 0 { return }
            while true {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { break }
                AcceptedSocket.configure(connection, nonBlocking: false)
                admit(connection)
            }
        }
    }

    /// Wakes every poller of ``wakeRead`` for good.
    package func wakeAll() {
        var byte: UInt8 = 1
        _ = SystemCall.write(wakeWrite, &byte, 1)
    }

    /// Closes the socket and the wake pipe.
    package func close() {
        for descriptor in [descriptor, wakeRead, wakeWrite] { closeDescriptor(descriptor) }
    }
}

/// `listen(2)` under a name the struct does not shadow.
private func listenOn(_ descriptor: Int32) -> Int32 {
    listen(descriptor, 1024)
}

/// `close(2)`, under a name no type here shadows.
func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

/// `[::1]` as `::1`.
private func bracketless(_ host: String) -> String {
    host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
}
