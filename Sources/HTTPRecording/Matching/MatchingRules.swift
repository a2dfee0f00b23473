public import CanonicalJSON

/// Opt-in matching beyond method, host, path and query, per cassette (its optional top-level
/// `"matching"` key) or per session (``RecordingOptions/matching``):
///
/// ```json
/// "matching" : {
///   "coordinates" : { "decimals" : 3, "parameters" : [ "lat", "lon", "point" ] },
///   "headers" : [ "Accept" ],
///   "jsonBody" : true
/// }
/// ```
///
/// - `coordinates`: a query value of a named parameter (default `lat`, `lon`, `lng`, `point`;
///   a value may hold several comma-separated numbers, as `point=29.79,-91.50`) matches a
///   recorded value when each number agrees after rounding to `decimals` places, or lies within
///   `metres` of it (give one of the two).
/// - `jsonBody`: the request body must equal the recorded one as JSON (key order, whitespace and
///   number spelling ignored); a body that is not JSON must be byte-identical.
/// - `headers`: the named request headers must have the recorded values (a recorded
///   placeholder such as `<TOKEN>` matches any value; a header recorded absent must be absent).
///
/// A cassette without the key has no rules, and reads and writes exactly as before.
public struct MatchingRules: Sendable, Hashable {
    /// Tolerance for coordinate-valued query parameters.
    public struct Coordinates: Sendable, Hashable {
        /// The parameter names whose values are coordinates.
        public var parameters: Set<String>
        /// Values match when equal after rounding to this many decimal places.
        public var decimals: Int?
        /// Values match when within this distance (degrees of latitude or longitude as metres).
        public var metres: Double?

        /// The parameters coordinates usually travel in.
        public static let defaultParameters: Set<String> = ["lat", "lon", "lng", "point"]

        public init(parameters: Set<String> = defaultParameters, decimals: Int? = nil, metres: Double? = nil) {
            self.parameters = parameters
            self.decimals = decimals
            self.metres = metres
        }
    }

    /// Coordinate tolerance, or `nil` for exact query values.
    public var coordinates: Coordinates?
    /// Whether request bodies must match as JSON.
    public var jsonBody: Bool
    /// Request headers that must match (names compared case-insensitively).
    public var headers: [String]

    public init(coordinates: Coordinates? = nil, jsonBody: Bool = false, headers: [String] = []) {
        self.coordinates = coordinates
        self.jsonBody = jsonBody
        self.headers = headers
    }

    /// Whether no rule is set (plain matching).
    public var isEmpty: Bool { coordinates == nil && !jsonBody && headers.isEmpty }

    /// These rules with `other`'s added: `other`'s coordinate tolerance wins, body matching and
    /// header names add up.
    public func merged(with other: MatchingRules?) -> MatchingRules {
        guard let other else { return self }
        var result = self
        if let coordinates = other.coordinates { result.coordinates = coordinates }
        result.jsonBody = jsonBody || other.jsonBody
        for name in other.headers where !result.headers.contains(where: { $0.lowercased() == name.lowercased() }) {
            result.headers.append(name)
        }
        return result
    }

    /// Whether `name` is a coordinate parameter under these rules.
    func isCoordinate(_ name: String) -> Bool {
        coordinates?.parameters.contains(name) ?? false
    }

    /// Whether a sent value of coordinate parameter `name` matches the recorded one.
    func coordinateValue(_ sent: String, matches recorded: String) -> Bool {
        guard let coordinates else { return sent == recorded }
        let sentNumbers = sent.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        let recordedNumbers = recorded.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard sentNumbers.count == recordedNumbers.count else { return false }
        for (left, right) in zip(sentNumbers, recordedNumbers) {
            guard let left, let right else { return false }
            if let decimals = coordinates.decimals {
                var scale = 1.0
                for _ in 0..<max(0, min(decimals, 12)) { scale *= 10 }
                if (left * scale).rounded() != (right * scale).rounded() { return false }
            } else if let metres = coordinates.metres {
                // A degree of latitude is about 111.32 km; longitude degrees are no longer.
                if abs(left - right) * 111_320 > metres { return false }
            } else if left != right {
                return false
            }
        }
        return true
    }

    /// Whether the body and the named headers of `request` match those of `recorded`.
    func bodyAndHeaders(of request: HTTPRequest, match recorded: HTTPRequest) -> Bool {
        for name in headers {
            let sent = request.header(name)
            let kept = recorded.header(name)
            if let kept, RequestSignature.isPlaceholder(kept) {
                if sent == nil { return false }
            } else if sent != kept {
                return false
            }
        }
        guard jsonBody else { return true }
        if request.body == recorded.body { return true }
        guard let sent = try? JSONValue.parse(utf8: request.body), let kept = try? JSONValue.parse(utf8: recorded.body)
        else { return false }
        return MatchingRules.sameJSON(sent, kept)
    }

    /// JSON equality with key order and whitespace ignored (a top-level number compares by value).
    static func sameJSON(_ left: JSONValue, _ right: JSONValue) -> Bool {
        if case .number = left, case .number = right { return left.doubleValue == right.doubleValue }
        return left.compact() == right.compact()
    }

    /// The `matching` member of a cassette.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = [:]
        if let coordinates {
            var inner: [String: JSONValue] = ["parameters": .array(coordinates.parameters.sorted().map { .string($0) })]
            if let decimals = coordinates.decimals { inner["decimals"] = .int(decimals) }
            if let metres = coordinates.metres { inner["metres"] = .double(metres) }
            members["coordinates"] = .object(inner)
        }
        if jsonBody { members["jsonBody"] = .bool(true) }
        if !headers.isEmpty { members["headers"] = .array(headers.map { .string($0) }) }
        return .object(members)
    }

    /// Reads a `matching` member; `error` names the key at fault and the problem.
    static func decode(
        _ value: JSONValue, error: (String, String) -> CassetteError
    ) throws(CassetteError)
        -> MatchingRules
    {
        guard case .object(let members) = value else { throw error("matching", "expected an object") }
        var rules = MatchingRules()
        for key in members.keys.sorted() where !["coordinates", "jsonBody", "headers"].contains(key) {
            throw error("matching.\(key)", "unknown key (expected coordinates, jsonBody or headers)")
        }
        if let coordinates = members["coordinates"] {
            guard case .object(let inner) = coordinates else {
                throw error("matching.coordinates", "expected an object")
            }
            var result = Coordinates()
            if let list = inner["parameters"] {
                guard let names = list.arrayValue?.compactMap(\.stringValue), names.count == list.arrayValue?.count
                else { throw error("matching.coordinates.parameters", "expected an array of strings") }
                result.parameters = Set(names)
            }
            if let decimals = inner["decimals"] {
                guard let number = decimals.doubleValue, number >= 0, number <= 12, number == number.rounded() else {
                    throw error("matching.coordinates.decimals", "expected an integer from 0 to 12")
                }
                result.decimals = Int(number)
            }
            if let metres = inner["metres"] {
                guard let number = metres.doubleValue, number >= 0 else {
                    throw error("matching.coordinates.metres", "expected a non-negative number")
                }
                result.metres = number
            }
            guard (result.decimals == nil) != (result.metres == nil) else {
                throw error("matching.coordinates", "expected exactly one of decimals or metres")
            }
            rules.coordinates = result
        }
        if let jsonBody = members["jsonBody"] {
            guard let flag = jsonBody.boolValue else { throw error("matching.jsonBody", "expected true or false") }
            rules.jsonBody = flag
        }
        if let headers = members["headers"] {
            guard let names = headers.arrayValue?.compactMap(\.stringValue), names.count == headers.arrayValue?.count
            else { throw error("matching.headers", "expected an array of header names") }
            rules.headers = names
        }
        return rules
    }
}
