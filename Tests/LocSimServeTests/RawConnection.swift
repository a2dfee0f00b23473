import Foundation
import LocSimSupport

/// A TCP connection to the server for bytes URLSession will not send: pipelining, garbage,
/// half-sent requests. Reads use a receive timeout, so a broken server fails a test, not hangs it.
final class RawConnection {
    let descriptor: Int32
    private var pending: [UInt8] = []

    /// Connects to `port` on 127.0.0.1, or on ::1 with `ipv6`.
    init(port: Int, timeoutSeconds: Int = 5, ipv6: Bool = false) throws {
        descriptor = socket(ipv6 ? AF_INET6 : AF_INET, SystemCall.streamSocket, 0)
        let connected: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            address.sin6_addr = in6addr_loopback
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        SystemCall.ignoreSIGPIPE(on: descriptor)
    }

    deinit { close(descriptor) }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Foundation.send(descriptor, $0.baseAddress, $0.count, SystemCall.sendFlags)
            }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// One response: status, headers (lowercased names) and a `Content-Length` body; `nil` when
    /// the connection closed (or timed out) first.
    func readResponse() -> (status: Int, headers: [String: String], body: String)? {
        while true {
            if let end = find([13, 10, 13, 10]) {
                let head = String(decoding: pending[..<end], as: UTF8.self).components(separatedBy: "\r\n")
                var headers: [String: String] = [:]
                for line in head.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                        in: .whitespaces)
                }
                let status = Int(head[0].split(separator: " ")[1]) ?? 0
                let length = Int(headers["content-length"] ?? "0") ?? 0
                while pending.count < end + 4 + length { guard receive() else { return nil } }
                let body = String(decoding: pending[(end + 4)..<(end + 4 + length)], as: UTF8.self)
                pending.removeFirst(end + 4 + length)
                return (status, headers, body)
            }
            guard receive() else { return nil }
        }
    }

    /// Sends end of stream (the client will send nothing more) and keeps reading.
    func shutdownWrite() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Whether the server closed the connection (reads end of stream) within the timeout.
    func isClosedByPeer() -> Bool {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, 0) == 0
    }

    private func receive() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        pending += chunk[..<count]
        return true
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard pending.count >= needle.count else { return nil }
        return (0...(pending.count - needle.count)).first { pending[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
