import Foundation
import Testing

@testable import LocSimServe

/// How a request body is framed, read strictly (issue 34 item 1): a chunk size is hexadecimal
/// digits only (optionally `;extensions`), a `Content-Length` one whole number; anything else is
/// 400 and the connection closes, and the server goes on serving the next connection.
@Suite struct RequestReaderTests {
    static let chunked = "POST /parse/push HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"

    /// `-1` used to be taken as a size (a trap: the whole server died with SIGILL), `+5` and
    /// `1 0` as 5 and 16, an overlong one as whatever `Int(_:radix:)` made of it.
    @Test(arguments: [
        "-1\r\nhello\r\n0\r\n\r\n", "-1\r\n", "+5\r\nhello\r\n0\r\n\r\n", "1 0\r\n0123456789abcdef\r\n0\r\n\r\n",
        "\r\n", " 5\r\nhello\r\n",
        "5 \r\nhello\r\n", "0x5\r\nhello\r\n", "-0\r\n\r\n", "fffffffffffffffff\r\n", "7fffffffffffffff\r\n",
        "10000000000000001\r\n", "5\nhello\r\n0\r\n\r\n", "5;a\rb\r\nhello\r\n", ";ext\r\n",
        "5\r\nhello\r\n0\r\nX-Trailer: a\rb\r\n\r\n",
    ])
    func aMalformedChunkLineIs400AndTheServerServesOn(body: String) throws {
        let fixture = try ServeFixture()
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send(Self.chunked + body)
        let response = connection.readResponse()
        #expect(response?.status == 400, "\(body.debugDescription)")
        #expect(response?.body.contains("bad_request") == true)
        #expect(connection.isClosedByPeer())
        #expect(fixture.server.requests.last?.outcome == .rejected)
        let next = try RawConnection(port: fixture.server.port)
        next.send("GET /__locsim/health HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(next.readResponse()?.status == 200)
    }

    /// What RFC 9112 allows still reads: upper- and lower-case digits, leading zeros, extensions
    /// (with blanks before the `;`), trailers.
    @Test(arguments: [
        "5\r\nhello\r\n0\r\n\r\n", "0005\r\nhello\r\n000\r\n\r\n", "A\r\n0123456789\r\n0\r\n\r\n",
        "a;name=value\r\n0123456789\r\n0;last\r\n\r\n", "5 ;x\r\nhello\r\n0\t;y=\"z\"\r\nX-Trailer: 1\r\n\r\n",
    ])
    func aWellFormedChunkedBodyIsRead(body: String) throws {
        let fixture = try ServeFixture()
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send(Self.chunked + body)
        #expect(connection.readResponse()?.status == 201, "\(body.debugDescription)")
        connection.send("GET /__locsim/health HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(connection.readResponse()?.status == 200)
    }

    @Test func chunkSizesAreParsedAsDigitsOnly() {
        func size(_ text: String) -> Int? { RequestReader.chunkSize(ArraySlice(text.utf8)) }
        #expect(size("ff") == 255)
        #expect(size("FF;x=1") == 255)
        #expect(size("00000000000000000000001") == 1)
        #expect(size("1000000000000000") == 1 << 60)
        #expect(size("1000000000000001") == (1 << 60) + 1)
        #expect(size("10000000000000000") == nil)
        for bad in ["", "-1", "+1", "1 0", " 1", "1 ", "0x1", "g", "1\t", "\u{0}1", "1;\n"] {
            #expect(size(bad) == nil, "\(bad.debugDescription)")
        }
    }

    /// `Content-Length` (issue 34's audit of the reader's number parsing): a sign, a blank inside,
    /// no digits (an empty value or element used to be taken as 0), more digits than fit, or two
    /// different values are 400; repeated equal values are one length (RFC 9110 §8.6).
    @Test(arguments: [
        ("Content-Length: +5", 400), ("Content-Length: 5 5", 400), ("Content-Length:", 400),
        ("Content-Length: 5,", 400),
        ("Content-Length: 99999999999999999999", 400), ("Content-Length: 0x5", 400),
        ("Content-Length: 5\r\nContent-Length: 6", 400), ("Content-Length: 5\r\nContent-Length: 5", 201),
        ("Content-Length: 5, 5", 201), ("Content-Length:  005 ", 201),
    ])
    func aContentLengthIsOneWholeNumber(header: String, status: Int) throws {
        let fixture = try ServeFixture()
        defer { fixture.tearDown() }
        let connection = try RawConnection(port: fixture.server.port)
        connection.send("POST /parse/push HTTP/1.1\r\nHost: x\r\n\(header)\r\n\r\nhello")
        #expect(connection.readResponse()?.status == status, "\(header.debugDescription)")
        if status == 400 { #expect(connection.isClosedByPeer()) }
        let next = try RawConnection(port: fixture.server.port)
        next.send("GET /__locsim/health HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(next.readResponse()?.status == 200)
    }

    #if os(Linux)
        /// The reproduction against the built executable: one packet with chunk size `-1`
        /// used to end `locsim serve` with SIGILL (exit 132); now it is 400, the next connection
        /// is answered, and SIGTERM still exits 0.
        @Test func theOnePacketCrashIsA400() throws {
            let process = Process()
            process.executableURL = ServeCommandTests.executable
            process.arguments = ["serve", "franklin-la", "--port", "0"]
            process.currentDirectoryURL = ServeCommandTests.packageRoot
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            let line = ServeCommandTests.firstLine(output.fileHandleForReading)
            let port = try #require(Int(line.split(separator: ":").last ?? ""), "first line: \(line)")
            let connection = try RawConnection(port: port)
            connection.send(
                "POST /parse/1/push HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\nhello\r\n0\r\n\r\n")
            #expect(connection.readResponse()?.status == 400)
            #expect(connection.isClosedByPeer())
            let next = try RawConnection(port: port)
            next.send("GET /__locsim/health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(next.readResponse()?.status == 200)
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == 0)
        }
    #endif
}
