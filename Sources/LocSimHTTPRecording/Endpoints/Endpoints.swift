public import LocSimSupport

/// The base URLs of a run: every declared endpoint at its default, with the `--base-url` /
/// `baseURLs` overrides applied. Unknown keys and malformed URLs are refused with the list of
/// known keys, for a "Did you mean" message.
public struct Endpoints: Sendable, Hashable {
    /// The declarations, in registration order.
    public let declarations: [EndpointDeclaration]
    private var overrides: [EndpointKey: String] = [:]

    /// Endpoints at their defaults. A key declared twice keeps its first declaration.
    public init(_ declarations: [EndpointDeclaration]) {
        var seen: Set<EndpointKey> = []
        self.declarations = declarations.filter { seen.insert($0.key).inserted }
    }

    /// Where the declared endpoints' requests carry a position, as matching rules
    /// (``MatchingRules/positions``): what a session matches to the nearest recorded position.
    public var positionRules: [PositionRule] { declarations.flatMap(\.positionRules) }

    /// The keys, in declaration order.
    public var keys: [EndpointKey] { declarations.map(\.key) }

    /// The base URL for `key` without a trailing slash: the override, else the default, else
    /// `nil` for an undeclared key.
    public subscript(key: EndpointKey) -> String? {
        overrides[key] ?? declarations.first { $0.key == key }?.defaultBaseURL
    }

    /// The overrides applied so far.
    public var overridden: [EndpointKey: String] { overrides }

    /// Applies overrides (a later call wins).
    ///
    /// - Throws: ``EndpointError`` for an undeclared key or a URL that is not `http(s)://host…`.
    public mutating func override(_ urls: [EndpointKey: String]) throws(EndpointError) {
        for (key, url) in urls.sorted(by: { $0.key < $1.key }) {
            guard keys.contains(key) else { throw .unknownKey(key.rawValue, known: keys.map(\.rawValue)) }
            guard BaseURLText.isHTTPURL(url) else { throw .badURL(key: key.rawValue, url: url) }
            overrides[key] = url.droppingTrailingSlashes()
        }
    }

    /// Parses one `--base-url` argument, `KEY=URL`, into a key and a URL (not yet applied).
    public func parse(argument: String) throws(EndpointError) -> (key: EndpointKey, url: String) {
        guard let equals = argument.firstIndex(of: "=") else { throw .malformed(argument, known: keys.map(\.rawValue)) }
        let name = String(argument[..<equals]).trimmingBlanks()
        let url = String(argument[argument.index(after: equals)...]).trimmingBlanks()
        guard let key = EndpointKey(rawValue: name), keys.contains(key) else {
            throw .unknownKey(name, known: keys.map(\.rawValue))
        }
        guard BaseURLText.isHTTPURL(url) else { throw .badURL(key: name, url: url) }
        return (key, url.droppingTrailingSlashes())
    }

    /// The endpoint whose current base URL `url` starts with, and the part after it: how a
    /// redirected request (`--base-url aeris=http://127.0.0.1:8080`) is mapped back onto the
    /// provider's own URL.
    public func endpoint(containing url: String) -> (declaration: EndpointDeclaration, rest: Substring)? {
        for declaration in declarations {
            guard let base = self[declaration.key], url.hasPrefix(base) else { continue }
            let rest = url.dropFirst(base.count)
            if rest.isEmpty || rest.first == "/" || rest.first == "?" { return (declaration, rest) }
        }
        return nil
    }
}

/// A bad `--base-url` / `baseURLs` entry.
public enum EndpointError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `KEY=URL` without `=`.
    case malformed(String, known: [String])
    /// A key no endpoint declares.
    case unknownKey(String, known: [String])
    /// Not an `http://` or `https://` URL with a host.
    case badURL(key: String, url: String)

    public var description: String {
        switch self {
        case .malformed(let argument, let known):
            "expected KEY=URL with KEY one of \(ListText.joined(known)), got '\(argument)'"
        case .unknownKey(let key, let known): "unknown base URL key '\(key)'; expected \(ListText.joined(known))"
        case .badURL(let key, let url): "'\(url)' for '\(key)' is not an http:// or https:// URL with a host"
        }
    }

    /// The offending item and every accepted spelling, for "Did you mean …?".
    public var suggestionInput: (value: String, candidates: [String]) {
        switch self {
        case .malformed(let argument, let known): (argument, known)
        case .unknownKey(let key, let known): (key, known)
        case .badURL(_, let url): (url, [])
        }
    }
}
