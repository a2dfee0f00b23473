internal import LocSimLibXML2

extension XMLTreeElement {
    /// Limits that keep a hostile document from growing memory.
    package struct Limits: Sendable, Hashable {
        package var maxDepth: Int
        package var maxElements: Int
        /// Total bytes of text and attribute values kept.
        package var maxTextBytes: Int

        package init(maxDepth: Int = 64, maxElements: Int = 100_000, maxTextBytes: Int = 4 * 1024 * 1024) {
            self.maxDepth = maxDepth
            self.maxElements = maxElements
            self.maxTextBytes = maxTextBytes
        }
    }

    /// Parses a whole document and returns its root element.
    package static func parse(bytes: [UInt8], limits: Limits = Limits()) throws(XMLTreeError) -> XMLTreeElement {
        let builder = XMLTreeBuilder(limits: limits)
        let userData = Unmanaged.passUnretained(builder).toOpaque()
        let outcome = LibXML2PushParser.parse(
            bytes: bytes, chunkSize: 256 * 1024, handler: XMLTreeBuilder.handler, userData: userData,
            didCreate: { builder.context = $0 }, shouldStop: { builder.error != nil }
        )
        builder.context = nil
        if let error = builder.error { throw error }
        if case .parsed(let failure?) = outcome {
            throw XMLTreeError(line: failure.line, column: failure.column, message: failure.message)
        }
        guard outcome != .empty, let root = builder.root else {
            throw XMLTreeError(line: 0, column: 0, message: "document is empty")
        }
        return root
    }
}

/// Builds the tree from SAX2 callbacks; the open elements live on a stack.
private final class XMLTreeBuilder {
    let limits: XMLTreeElement.Limits
    var context: xmlParserCtxtPtr?
    var error: XMLTreeError?
    var root: XMLTreeElement?
    private var stack: [XMLTreeElement] = []
    private var elements = 0
    private var textBytes = 0

    init(limits: XMLTreeElement.Limits) {
        self.limits = limits
    }

    static var handler: xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { userData, localname, prefix, uri, _, _, attributeCount, _, attributes in
            guard let userData, let localname else { return }
            Unmanaged<XMLTreeBuilder>.fromOpaque(userData)._withUnsafeGuaranteedRef {
                $0.start(localname, uri: uri, attributeCount: Int(attributeCount), attributes: attributes)
            }
        }
        handler.endElementNs = { userData, _, _, _ in
            guard let userData else { return }
            Unmanaged<XMLTreeBuilder>.fromOpaque(userData)._withUnsafeGuaranteedRef { $0.end() }
        }
        handler.characters = { userData, characters, count in
            guard let userData, let characters else { return }
            Unmanaged<XMLTreeBuilder>.fromOpaque(userData)._withUnsafeGuaranteedRef {
                $0.characters(characters, Int(count))
            }
        }
        handler.serror = { userData, error in
            guard let userData, let error else { return }
            Unmanaged<XMLTreeBuilder>.fromOpaque(userData)._withUnsafeGuaranteedRef { $0.libxml2Error(error) }
        }
        return handler
    }

    private func start(
        _ localname: UnsafePointer<UInt8>, uri: UnsafePointer<UInt8>?, attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        guard error == nil else { return }
        elements += 1
        if stack.count >= limits.maxDepth { return fail("elements are nested deeper than \(limits.maxDepth) levels") }
        if elements > limits.maxElements { return fail("more than \(limits.maxElements) elements") }
        var element = XMLTreeElement(name: String(cString: localname), namespaceURI: uri.map { String(cString: $0) })
        if let attributes {
            for index in 0..<attributeCount {
                let entry = attributes + 5 * index
                guard let name = entry[0], let value = entry[3], let end = entry[4] else { continue }
                let count = end - value
                if !reserve(count) { return }
                let key = entry[1].map { String(cString: $0) + ":" } ?? ""
                var text = String(decoding: UnsafeBufferPointer(start: value, count: count), as: UTF8.self)
                if text.contains("&") {
                    // Without entity substitution libxml2 hands `&amp;` to SAX2 as `&#38;`.
                    text = text.replacing("&#38;", with: "&")
                }
                element.attributes[key + String(cString: name)] = text
            }
        }
        stack.append(element)
    }

    private func end() {
        guard error == nil, let element = stack.popLast() else { return }
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    private func characters(_ characters: UnsafePointer<UInt8>, _ count: Int) {
        guard error == nil, !stack.isEmpty, reserve(count) else { return }
        stack[stack.count - 1].text += String(
            decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF8.self)
    }

    private func libxml2Error(_ error: UnsafePointer<xmlError>) {
        guard self.error == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        self.error = XMLTreeError(
            line: Int(error.pointee.line), column: Int(error.pointee.int2),
            message: LibXML2PushParser.cleanedMessage(error.pointee.message))
    }

    private func reserve(_ count: Int) -> Bool {
        textBytes += count
        if textBytes > limits.maxTextBytes {
            fail("more than \(limits.maxTextBytes) bytes of text")
            return false
        }
        return true
    }

    private func fail(_ message: String) {
        var position = (line: 0, column: 0)
        if let context { position = LibXML2PushParser.startTagPosition(context) }
        error = XMLTreeError(line: position.line, column: position.column, message: message)
    }
}
