import LocSimHTTPRecording
import LocSimSupport

/// Reads HTTP/1.x requests from the bytes of one connection as they arrive: the head once it is
/// complete, then a `Content-Length` or chunked body, incrementally (each byte is looked at once).
/// Several requests may sit in the buffer (pipelining); each ``next()`` returns one.
struct RequestReader {
    /// What ``next()`` found.
    enum Outcome: Equatable {
        /// More bytes are needed. `expectsContinue`: the head asked for `100 Continue` and the
        /// body has not started; the caller sends the interim answer once.
        case incomplete(expectsContinue: Bool)
        case request(ServedRequest)
        /// The request cannot be read: answer `status` and close the connection.
        case failed(status: Int, reason: String)
    }

    private enum BodyState {
        case length(Int)
        case chunkSize
        case chunkData(Int)
        case chunkDataEnd
        case trailers
    }

    let limits: ServeLimits
    /// The server-wide bound on bodies being received, or `nil` for none.
    let bodies: BodyBudget?
    /// What the request being read holds of ``bodies``.
    private var reservation: BodyBudget.Reservation?
    private var buffer: [UInt8] = []
    /// Bytes before this offset are consumed.
    private var start = 0
    /// Where the search for the end of the head resumes.
    private var scanned = 0
    private var head: ServedRequest?
    private var state: BodyState = .length(0)
    private var body: [UInt8] = []
    private var continueSent = false

    init(limits: ServeLimits, bodies: BodyBudget? = nil) {
        self.limits = limits
        self.bodies = bodies
    }

    /// Whether bytes of an unfinished request are buffered. Empty lines before a request line are
    /// not a request: a connection that sends only those is idle (closed at the idle limit,
    /// silently), so a client's stray CRLF after a body is never answered 408.
    var hasPartialRequest: Bool { head != nil || start < buffer.count }

    /// Adds bytes received from the connection.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            scanned = 0
            start = 0
        } else if start > 65_536, start * 2 > buffer.count {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete request, or why there is none yet.
    mutating func next() -> Outcome {
        if head == nil {
            switch readHead() {
            case .some(let failure): return failure
            case .none: break
            }
            guard head != nil else { return .incomplete(expectsContinue: false) }
        }
        if let failure = readBody() { return failure }
        guard let finished = head, isBodyComplete else {
            // An HTTP/1.0 client's expectation is ignored (RFC 9110 §10.1.1): it cannot read a 1xx.
            let expects =
                !continueSent && (head?.minorVersion ?? 0) >= 1
                && (head?.header("expect")?.lowercased() == "100-continue")
                && body.isEmpty
            if expects { continueSent = true }
            return .incomplete(expectsContinue: expects)
        }
        var request = finished
        request.body = body
        head = nil
        body = []
        reservation = nil
        continueSent = false
        return .request(request)
    }

    private var isBodyComplete: Bool {
        if case .length(0) = state { return true }
        return false
    }

    /// Parses the head when it is complete; returns a failure, or `nil` (head set, or more needed).
    private mutating func readHead() -> Outcome? {
        // Empty lines before a request line are ignored (RFC 9112 §2.2).
        while start + 1 < buffer.count, buffer[start] == 13, buffer[start + 1] == 10 { start += 2 }
        scanned = max(scanned, start)
        var end: Int?
        var index = max(scanned, start)
        while index < buffer.count {
            // Lines end with CRLF: a bare LF or CR is refused at once, not left to time out.
            if index > start, buffer[index - 1] == 13, buffer[index] != 10 {
                return .failed(status: 400, reason: "a bare CR in the head")
            }
            if buffer[index] == 10 {
                guard index > start, buffer[index - 1] == 13 else {
                    return .failed(status: 400, reason: "a bare LF in the head (lines end with CRLF)")
                }
                if index >= start + 3, buffer[index - 2] == 10, buffer[index - 3] == 13 {
                    end = index + 1
                    break
                }
            }
            index += 1
        }
        guard let end else {
            scanned = buffer.count
            if buffer.count - start > limits.maxHeaderBytes {
                return .failed(status: 431, reason: "the request head is larger than \(limits.maxHeaderBytes) bytes")
            }
            return nil
        }
        if end - start > limits.maxHeaderBytes {
            return .failed(status: 431, reason: "the request head is larger than \(limits.maxHeaderBytes) bytes")
        }
        let parsed = HTTPRequestHead.parse(buffer[start..<(end - 4)])
        start = end
        scanned = end
        switch parsed {
        case .failure(let failure): return .failed(status: failure.status, reason: failure.reason)
        case .success(let request):
            switch request.framing(maxBodyBytes: limits.maxBodyBytes) {
            case .failure(let failure): return .failed(status: failure.status, reason: failure.reason)
            case .success(.chunked): state = .chunkSize
            case .success(.length(let length)):
                if let failure = reserve(length) { return failure }
                // Taken from the budget already: one allocation, not a series of doublings.
                body.reserveCapacity(length)
                state = .length(length)
            }
            head = ServedRequest(
                method: request.method, target: request.target, minorVersion: request.minorVersion,
                headers: request.headers, body: [])
            return nil
        }
    }

    /// Consumes body bytes; returns a failure or `nil`.
    private mutating func readBody() -> Outcome? {
        while start < buffer.count {
            switch state {
            case .length(let remaining):
                guard remaining > 0 else { return nil }
                let take = min(remaining, buffer.count - start)
                body.append(contentsOf: buffer[start..<(start + take)])
                start += take
                state = .length(remaining - take)
            case .chunkSize:
                guard let line = takeLine() else { return lineTooLong() }
                guard let size = Self.chunkSize(line) else {
                    return .failed(
                        status: 400,
                        reason: "a chunk size is not hexadecimal digits (optionally followed by ;extensions)")
                }
                guard size <= limits.maxBodyBytes - body.count else { return bodyTooLarge() }
                if let failure = reserve(size) { return failure }
                state = size == 0 ? .trailers : .chunkData(size)
            case .chunkData(let remaining):
                let take = min(remaining, buffer.count - start)
                body.append(contentsOf: buffer[start..<(start + take)])
                start += take
                state = remaining == take ? .chunkDataEnd : .chunkData(remaining - take)
            case .chunkDataEnd:
                guard buffer.count - start >= 2 else { return nil }
                guard buffer[start] == 13, buffer[start + 1] == 10 else {
                    return .failed(status: 400, reason: "a chunk is not followed by CRLF")
                }
                start += 2
                state = .chunkSize
            case .trailers:
                guard let line = takeLine() else { return lineTooLong() }
                guard !line.contains(13), !line.contains(10) else {
                    return .failed(status: 400, reason: "a bare CR or LF in a trailer line")
                }
                if line.isEmpty { state = .length(0) }
            }
            if case .length(0) = state { return nil }
        }
        return nil
    }

    /// The size a chunk line declares (RFC 9112 §7.1: `1*HEXDIG [BWS ";" chunk-ext]`), or `nil`
    /// for anything else: a sign, a blank inside the digits, no digits, a bare CR or LF, or a size
    /// beyond 2^60 (so no arithmetic on it can overflow). Leading zeros are allowed.
    static func chunkSize(_ line: ArraySlice<UInt8>) -> Int? {
        guard !line.contains(13), !line.contains(10) else { return nil }
        var size = 0
        var digits = 0
        var index = line.startIndex
        while index < line.endIndex, let digit = hexDigit(line[index]) {
            guard size <= (1 << 56) else { return nil }
            size = size << 4 | digit
            digits += 1
            index += 1
        }
        guard digits > 0 else { return nil }
        if index == line.endIndex { return size }
        while index < line.endIndex, line[index] == 32 || line[index] == 9 { index += 1 }
        guard index < line.endIndex, line[index] == UInt8(ascii: ";") else { return nil }
        return size
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case 48...57: Int(byte - 48)
        case 65...70: Int(byte - 55)
        case 97...102: Int(byte - 87)
        default: nil
        }
    }

    /// The next CRLF-terminated line (without CRLF), or `nil` when it is not complete yet.
    private mutating func takeLine() -> ArraySlice<UInt8>? {
        var index = start
        while index + 1 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10 {
                let line = buffer[start..<index]
                start = index + 2
                return line
            }
            index += 1
        }
        return nil
    }

    /// Takes `bytes` more of the server-wide body budget; the 503 refusal when it is spent.
    private mutating func reserve(_ bytes: Int) -> Outcome? {
        guard let bodies, bytes > 0 else { return nil }
        let reservation = self.reservation ?? bodies.reservation()
        self.reservation = reservation
        guard reservation.grow(by: bytes) else {
            return .failed(
                status: 503,
                reason: "the request bodies being received already take the server's \(bodies.limit) bytes; try again")
        }
        return nil
    }

    private func lineTooLong() -> Outcome? {
        buffer.count - start > 4096 ? .failed(status: 400, reason: "a chunk line is longer than 4096 bytes") : nil
    }

    private func bodyTooLarge() -> Outcome {
        .failed(status: 413, reason: "the request body is larger than \(limits.maxBodyBytes) bytes")
    }
}
