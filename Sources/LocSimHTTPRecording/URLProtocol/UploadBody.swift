#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking

    /// The body of an upload task (`upload(for:from:)`, `uploadTask(with:fromFile:)`), which
    /// swift-corelibs-foundation keeps in the task instead of handing it to a URLProtocol in the
    /// request: read from the task's `knownBody` by reflection (data, file or stream). `nil` when
    /// the task is no upload or its body cannot be found (a later corelibs may store it
    /// elsewhere): the caller then refuses the request rather than send an empty body.
    /// Linux only; Apple's loading system hands the body to the protocol as `httpBodyStream`.
    enum UploadBody {
        static func bytes(of task: URLSessionTask?) -> [UInt8]? {
            guard let task = task as? URLSessionUploadTask else { return nil }
            var mirror: Mirror? = Mirror(reflecting: task)
            while let current = mirror {
                if let known = current.children.first(where: { $0.label == "knownBody" }) {
                    return payload(of: known.value)
                }
                mirror = current.superclassMirror
            }
            return nil
        }

        /// The bytes of an `Optional<_Body>`: `.data(DispatchData)`, `.file(URL)`, `.stream(InputStream)`.
        private static func payload(of body: Any) -> [UInt8]? {
            var value = body
            if Mirror(reflecting: value).displayStyle == .optional {
                guard let some = Mirror(reflecting: value).children.first else { return nil }
                value = some.value
            }
            guard let payload = Mirror(reflecting: value).children.first?.value else { return [] }  // `.none`
            switch payload {
            case let data as DispatchData: return Array(data)
            case let url as URL: return (try? Data(contentsOf: url)).map { Array($0) }
            case let stream as InputStream: return HTTPRequest.readAll(stream)
            default: return nil
            }
        }
    }
#endif
