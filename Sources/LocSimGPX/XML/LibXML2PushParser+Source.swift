package import LocSimLibXML2
package import LocSimSafeXML

/// Where the bytes of a GPX document come from.
package enum XMLByteSource {
    case file(path: String)
    /// A file opened once for several passes.
    case opened(GPXFile)
    case bytes([UInt8])
}

extension LibXML2PushParser {
    /// The file could not be read.
    package enum Failure: Error {
        case notFound
        case unreadable(String)
    }

    /// Parses `source` with the package's safe settings: bytes in memory, or a file read in
    /// chunks of `chunkSize` bytes (see ``LibXML2PushParser/parse(chunks:handler:userData:didCreate:shouldStop:)``).
    package static func parse(
        _ source: XMLByteSource, chunkSize: Int, handler: xmlSAXHandler, userData: UnsafeMutableRawPointer,
        didCreate: (xmlParserCtxtPtr) -> Void, shouldStop: () -> Bool
    ) throws(Failure) -> Outcome {
        switch source {
        case .bytes(let bytes):
            return parse(
                bytes: bytes, chunkSize: chunkSize, handler: handler, userData: userData, didCreate: didCreate,
                shouldStop: shouldStop)
        case .file(let path):
            return try parse(
                { () throws(FileChunkReader.Failure) in try FileChunkReader(path: path, chunkSize: chunkSize) },
                handler: handler, userData: userData, didCreate: didCreate, shouldStop: shouldStop)
        case .opened(let file):
            return try parse(
                { () throws(FileChunkReader.Failure) in try FileChunkReader(file: file, chunkSize: chunkSize) },
                handler: handler, userData: userData, didCreate: didCreate, shouldStop: shouldStop)
        }
    }

    /// Parses the chunks of the reader `open` makes.
    private static func parse(
        _ open: () throws(FileChunkReader.Failure) -> FileChunkReader, handler: xmlSAXHandler,
        userData: UnsafeMutableRawPointer, didCreate: (xmlParserCtxtPtr) -> Void, shouldStop: () -> Bool
    ) throws(Failure) -> Outcome {
        let reader: FileChunkReader
        do {
            reader = try open()
        } catch {
            throw error.pushFailure
        }
        return try parse(
            chunks: { () throws(Failure) -> UnsafeRawBufferPointer in
                do throws(FileChunkReader.Failure) {
                    return try reader.next()
                } catch {
                    throw error.pushFailure
                }
            }, handler: handler, userData: userData, didCreate: didCreate, shouldStop: shouldStop)
    }
}

extension FileChunkReader.Failure {
    fileprivate var pushFailure: LibXML2PushParser.Failure {
        switch self {
        case .notFound: .notFound
        case .unreadable(let message): .unreadable(message)
        }
    }
}
