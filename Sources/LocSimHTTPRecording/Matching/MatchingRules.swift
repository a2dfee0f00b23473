public import LocSimCanonicalJSON

/// How recorded requests answer beyond method, host, path and query, per cassette (its optional
/// top-level `"matching"` key) or per session (``RecordingOptions/matching``):
///
/// ```json
/// "matching" : {
///   "coordinates" : { "metres" : 500 },
///   "headers" : [ "Accept" ],
///   "jsonBody" : true
/// }
/// ```
///
/// - `coordinates`: positions are matched as positions. A request that carries one (in a place
///   its endpoint declares, ``PositionField``, or in `lat`/`lon`, `lat`/`lng`, `point`) is
///   answered, when no recording matches it exactly, by the recording of an otherwise identical
///   request at the **nearest** position within `metres` (default
///   ``defaultToleranceMetres``, which applies to every cassette without the key). `parameters`
///   names more query parameters holding positions (`lat` with `lon` or `lng` pair up; any
///   other holds `lat,lon`). `"coordinates": false` matches coordinates exactly. The older
///   `decimals` form (numbers equal after rounding) still reads.
/// - `jsonBody`: the request body must equal the recorded one as JSON (key order, whitespace and
///   number spelling ignored); a body that is not JSON must be byte-identical.
/// - `headers`: the named request headers must have the recorded values (a recorded
///   placeholder such as `<TOKEN>` matches any value; a header recorded absent must be absent).
///
/// A cassette without the key reads and writes exactly as before.
public struct MatchingRules: Sendable, Hashable {
    /// Tolerance for coordinates.
    public struct Coordinates: Sendable, Hashable {
        /// Query parameters whose values are coordinates, on any host.
        public var parameters: Set<String>
        /// Values match when equal after rounding to this many decimal places (number by number).
        public var decimals: Int?
        /// Positions match when within this great-circle distance, nearest first.
        public var metres: Double?
        /// Coordinates match exactly (`"coordinates": false`).
        public var exact: Bool

        /// The parameters coordinates usually travel in.
        public static let defaultParameters: Set<String> = ["lat", "lon", "lng", "point"]

        public init(
            parameters: Set<String> = defaultParameters, decimals: Int? = nil, metres: Double? = nil,
            exact: Bool = false
        ) {
            self.parameters = parameters
            self.decimals = decimals
            self.metres = metres
            self.exact = exact
        }

        /// Coordinates compared as text, exactly.
        public static let exactly = Coordinates(parameters: [], exact: true)
    }

    /// The tolerance that applies when a cassette says nothing: 2,000 m, twice the `kilometer`
    /// accuracy class's error bound. Two reports of one place (the recording's, made with one
    /// seed, and a replay's with another, or the raw track a Simulator plays) are at most that
    /// far apart; over the repository's scenarios at 23 other seeds the offsets reach 1.7 km.
    /// The nearest recording answers, so the tolerance never picks between neighbours (the
    /// recordings of one drive are at least the 3 km distance filter apart): it only bounds how
    /// far from the request an answer may have been recorded (docs/recordings.md).
    public static let defaultToleranceMetres = 2000.0

    /// Coordinate tolerance, or `nil` for the default (``defaultToleranceMetres``).
    public var coordinates: Coordinates?
    /// Where the session's endpoints carry positions (``EndpointDeclaration/positions``); never
    /// written into a cassette.
    public var positions: [PositionRule]
    /// Whether request bodies must match as JSON.
    public var jsonBody: Bool
    /// Request headers that must match (names compared case-insensitively).
    public var headers: [String]

    public init(
        coordinates: Coordinates? = nil, jsonBody: Bool = false, headers: [String] = [], positions: [PositionRule] = []
    ) {
        self.coordinates = coordinates
        self.positions = positions
        self.jsonBody = jsonBody
        self.headers = headers
    }

    /// Whether no rule is set (plain matching).
    public var isEmpty: Bool { coordinates == nil && !jsonBody && headers.isEmpty && positions.isEmpty }

    /// The distance within which positions match, or `nil` when coordinates match exactly (or
    /// by ``Coordinates/decimals``).
    public var toleranceMetres: Double? {
        guard let coordinates else { return MatchingRules.defaultToleranceMetres }
        if coordinates.exact || coordinates.decimals != nil { return nil }
        return coordinates.metres ?? MatchingRules.defaultToleranceMetres
    }

    /// Where positions are looked for: the declared ``positions``, then the named parameters.
    var positionRules: [PositionRule] {
        let names = coordinates?.parameters ?? Coordinates.defaultParameters
        var rules = positions
        if names.contains("lat") {
            for longitude in ["lon", "lng"] where names.contains(longitude) {
                rules.append(PositionRule(host: nil, field: .queryPair(latitude: "lat", longitude: longitude)))
            }
        }
        for name in names.subtracting(["lat", "lon", "lng"]).sorted() {
            rules.append(PositionRule(host: nil, field: .query(name)))
        }
        return rules
    }

    /// The position `signature` carries under these rules (the first rule that finds one), or
    /// `nil` when positions are matched exactly or it carries none.
    func position(of signature: RequestSignature) -> RequestPosition? {
        guard toleranceMetres != nil else { return nil }
        for rule in positionRules {
            if let found = rule.locate(signature) { return found }
        }
        return nil
    }

    /// These rules with `other`'s added: `other`'s coordinate tolerance wins, body matching,
    /// header names and declared positions add up.
    public func merged(with other: MatchingRules?) -> MatchingRules {
        guard let other else { return self }
        var result = self
        if let coordinates = other.coordinates { result.coordinates = coordinates }
        result.jsonBody = jsonBody || other.jsonBody
        for name in other.headers where !result.headers.contains(where: { $0.lowercased() == name.lowercased() }) {
            result.headers.append(name)
        }
        for rule in other.positions where !result.positions.contains(rule) { result.positions.append(rule) }
        return result
    }

    /// Whether `name` is a coordinate parameter compared number by number (the `decimals` form).
    func isCoordinate(_ name: String) -> Bool {
        guard let coordinates, coordinates.decimals != nil else { return false }
        return coordinates.parameters.contains(name)
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
        if let coordinates, coordinates.exact {
            members["coordinates"] = .bool(false)
        } else if let coordinates {
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
        if case .bool(false) = members["coordinates"] {
            rules.coordinates = .exactly
        } else if let coordinates = members["coordinates"] {
            guard case .object(let inner) = coordinates else {
                throw error("matching.coordinates", "expected an object, or false for exact coordinates")
            }
            for key in inner.keys.sorted() where !["parameters", "decimals", "metres"].contains(key) {
                throw error("matching.coordinates.\(key)", "unknown key (expected metres, parameters or decimals)")
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
                guard case .number = metres, let number = metres.doubleValue, number.isFinite, number > 0 else {
                    throw error(
                        "matching.coordinates.metres",
                        "expected a distance in metres greater than 0, got \(metres.compact()) "
                            + "(write \"coordinates\": false to match coordinates exactly)")
                }
                result.metres = number
            }
            guard result.decimals == nil || result.metres == nil else {
                throw error("matching.coordinates", "expected one of decimals or metres, not both")
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
