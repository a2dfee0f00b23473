import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A parsed SVG document (FoundationXML, tests only): parsing proves it is well-formed XML.
struct SVGTree {
    let root: XMLElement

    struct NotSVG: Error {}

    init(_ text: String) throws {
        let document = try XMLDocument(xmlString: text, options: [])
        guard let root = document.rootElement(), root.localName == "svg" else { throw NotSVG() }
        self.root = root
    }

    /// Every element below `element`, depth first, in document order.
    static func descendants(of element: XMLElement) -> [XMLElement] {
        var result: [XMLElement] = []
        for child in element.children ?? [] {
            guard let child = child as? XMLElement else { continue }
            result.append(child)
            result += descendants(of: child)
        }
        return result
    }

    /// The element with this `id`.
    func element(id: String) -> XMLElement? {
        Self.descendants(of: root).first { Self.string($0, "id") == id }
    }

    /// The direct children named `name` of the element with this `id` (empty when there is none).
    func children(of id: String, named name: String) -> [XMLElement] {
        guard let parent = element(id: id) else { return [] }
        return (parent.children ?? []).compactMap { $0 as? XMLElement }.filter { $0.localName == name }
    }

    /// A numeric attribute.
    static func number(_ element: XMLElement, _ name: String) -> Double? {
        string(element, name).flatMap(Double.init)
    }

    /// The text of an element's `<title>` child.
    static func title(_ element: XMLElement) -> String? {
        (element.children ?? []).lazy.compactMap { $0 as? XMLElement }.first { $0.localName == "title" }?.stringValue
    }

    /// An attribute's text. (Searched by hand: on Linux `attribute(forName:)` finds nothing in an
    /// element with a default namespace.)
    static func string(_ element: XMLElement, _ name: String) -> String? {
        element.attributes?.first { $0.name == name }?.stringValue
    }
}
