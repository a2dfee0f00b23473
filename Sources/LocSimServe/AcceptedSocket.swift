import LocSimSupport

/// The options every accepted connection gets, whichever engine serves it: no Nagle delay
/// (answers are small and must leave at once), no SIGPIPE where the platform raises it per
/// socket, and blocking or not as the engine reads it.
package enum AcceptedSocket {
    package static func configure(_ descriptor: Int32, nonBlocking: Bool) {
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
        SystemCall.ignoreSIGPIPE(on: descriptor)
        var yes: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    }
}
