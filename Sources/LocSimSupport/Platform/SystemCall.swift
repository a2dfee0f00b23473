/// The few C library calls whose spelling differs between C libraries, or whose name a Swift
/// type's own method shadows (`write`, `exit`, `rename`), under one name on every platform.
package enum SystemCall {
    /// `write(2)`: bytes written, or -1 with `errno` set.
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        unistdWrite(descriptor, bytes, count)
    }

    /// `rename(2)`: 0, or the `errno` value.
    package static func rename(_ source: String, _ destination: String) -> Int32 {
        stdioRename(source, destination) == 0 ? 0 : errno
    }

    /// Ends the process with `status`.
    package static func exit(_ status: Int32) -> Never {
        stdlibExit(status)
    }

    /// `strerror(3)`: the C library's words for an `errno` value ("No such file or directory").
    package static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// ``errorText(_:)`` with a lowercase first letter, compiler style ("no such file or directory").
    package static func lowercasedErrorText(_ code: Int32) -> String {
        let text = errorText(code)
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }

    /// `SOCK_STREAM` as `socket(2)` takes it (an enum on Glibc, an `Int32` elsewhere).
    package static var streamSocket: Int32 {
        #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }

    /// The `send(2)` flags that keep a write to a closed peer from raising SIGPIPE where the flag
    /// exists (Linux); elsewhere ``ignoreSIGPIPE(on:)`` does that per socket.
    package static var sendFlags: Int32 {
        #if canImport(Glibc) || canImport(Musl)
            Int32(MSG_NOSIGNAL)
        #else
            0
        #endif
    }

    /// Sets `SO_NOSIGPIPE` on `socket` where it exists (Darwin); a no-op elsewhere.
    package static func ignoreSIGPIPE(on socket: Int32) {
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }
}

// Outside `SystemCall` these names are the C library's, not its members'.
private func unistdWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
private func stdioRename(_ source: String, _ destination: String) -> Int32 { rename(source, destination) }
private func stdlibExit(_ status: Int32) -> Never { exit(status) }
