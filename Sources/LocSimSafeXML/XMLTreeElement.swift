/// A small in-memory XML element tree for short documents such as provider responses
/// (Google's iGoogle weather XML: `xml_api_reply/weather/current_conditions/condition@data`).
///
/// Built on the same libxml2 settings as the GPX reader (no network, no entity expansion, no
/// DTD loading) with caps on depth, element count and text size, so hostile input is an
/// `XMLTreeError`, never a crash or a memory blow-up. Named to stay clear of Foundation's
/// `XMLElement`.
package struct XMLTreeElement: Sendable, Hashable {
    /// The local name (`condition` for `<w:condition>`).
    package var name: String
    /// The namespace URI, or `nil` when the element has none.
    package var namespaceURI: String?
    /// Attributes by local name (prefixed attributes as `prefix:name`), values decoded.
    package var attributes: [String: String]
    package var children: [XMLTreeElement]
    /// The element's own character data (CDATA included), concatenated, not trimmed.
    package var text: String

    package init(
        name: String, namespaceURI: String? = nil, attributes: [String: String] = [:], children: [XMLTreeElement] = [],
        text: String = ""
    ) {
        self.name = name
        self.namespaceURI = namespaceURI
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The first child named `name`.
    package func child(_ name: String) -> XMLTreeElement? {
        children.first { $0.name == name }
    }

    /// The element reached by following child names separated by `/` (`"weather/current_conditions"`).
    package func element(at path: String) -> XMLTreeElement? {
        var element = self
        for step in path.split(separator: "/") {
            guard let next = element.child(String(step)) else { return nil }
            element = next
        }
        return element
    }

    /// The attribute `attribute` of the element at `path` (`"weather/current_conditions/condition"`, `"data"`).
    package func attribute(_ attribute: String, at path: String) -> String? {
        element(at: path)?.attributes[attribute]
    }
}
