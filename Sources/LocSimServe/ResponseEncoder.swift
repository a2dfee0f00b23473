import LocSimHTTPRecording

/// How `locsim serve` puts answers on the wire: LocSimHTTPRecording's HTTP/1.1 encoding
/// (``HTTPResponse/wireBytes(keepAlive:includeBody:contentEncoding:)``), shared with the tests'
/// loopback server.
enum ResponseEncoder {
    /// The bytes of `response`; `keepAlive: false` adds `Connection: close`. A `HEAD` answer
    /// (`includeBody: false`) keeps the length of the body it leaves out.
    static func encode(_ response: HTTPResponse, keepAlive: Bool, includeBody: Bool = true) -> [UInt8] {
        response.wireBytes(keepAlive: keepAlive, includeBody: includeBody)
    }

    /// The interim answer to `Expect: 100-continue`.
    static var continueBytes: [UInt8] { HTTPWire.continueBytes }
}
