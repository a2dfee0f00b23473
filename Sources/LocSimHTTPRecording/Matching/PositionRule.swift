/// A ``PositionField`` bound to the requests it applies to: those sent to `host` (any host when
/// `nil`), with path templates read after the endpoint's `basePath`.
public struct PositionRule: Sendable, Hashable {
    /// The lowercased host the rule applies to, or `nil` for every host.
    public var host: String?
    /// Where the position travels.
    public var field: PositionField
    /// The base URL's path (`/data/2.5`), which path templates follow; empty for none.
    public var basePath: String

    public init(host: String?, field: PositionField, basePath: String = "") {
        self.host = host?.lowercased()
        self.field = field
        self.basePath = basePath
    }

    /// The parameters positions travel in with any service: `lat`/`lon`, `lat`/`lng` and
    /// `point` (`lat,lon`). Tolerant matching applies to them on every host.
    public static let common: [PositionRule] = [
        PositionRule(host: nil, field: .queryPair(latitude: "lat", longitude: "lon")),
        PositionRule(host: nil, field: .queryPair(latitude: "lat", longitude: "lng")),
        PositionRule(host: nil, field: .query("point")),
    ]

    /// The position `signature` carries under this rule, with the signature it leaves when the
    /// position is taken out; `nil` when the rule does not apply, a value is not a number (a
    /// placeholder such as `<LAT>`, text), out of range, or a path has only one coordinate.
    func locate(_ signature: RequestSignature) -> RequestPosition? {
        if let host, host != signature.host { return nil }
        switch field {
        case .query(let name):
            let items = signature.query.indices.filter { signature.query[$0].name == name }
            guard items.count == 1, let pair = RequestPosition.pair(signature.query[items[0]].value) else { return nil }
            var skeleton = signature
            skeleton.query[items[0]].value = "{lat},{lon}"
            return RequestPosition(skeleton: skeleton, latitude: pair.latitude, longitude: pair.longitude)
        case .queryPair(let latitudeName, let longitudeName):
            let latitudes = signature.query.indices.filter { signature.query[$0].name == latitudeName }
            let longitudes = signature.query.indices.filter { signature.query[$0].name == longitudeName }
            guard latitudes.count == 1, longitudes.count == 1,
                let latitude = RequestPosition.number(signature.query[latitudes[0]].value, limit: 90),
                let longitude = RequestPosition.number(signature.query[longitudes[0]].value, limit: 180)
            else { return nil }
            var skeleton = signature
            skeleton.query[latitudes[0]].value = "{lat}"
            skeleton.query[longitudes[0]].value = "{lon}"
            return RequestPosition(skeleton: skeleton, latitude: latitude, longitude: longitude)
        case .path(let template):
            return locate(path: signature, template: basePath + template)
        }
    }

    private func locate(path signature: RequestSignature, template: String) -> RequestPosition? {
        let pattern = template.split(separator: "/")
        var segments = signature.path.split(separator: "/").map(String.init)
        guard pattern.count == segments.count else { return nil }
        var latitude: Double?
        var longitude: Double?
        for (index, expected) in pattern.enumerated() {
            let segment = segments[index]
            switch expected {
            case "*": continue
            case "{lat}":
                guard latitude == nil, let number = RequestPosition.number(segment, limit: 90) else { return nil }
                latitude = number
            case "{lon}":
                guard longitude == nil, let number = RequestPosition.number(segment, limit: 180) else { return nil }
                longitude = number
            case "{lat},{lon}":
                guard latitude == nil, longitude == nil, let pair = RequestPosition.pair(segment) else { return nil }
                (latitude, longitude) = (pair.latitude, pair.longitude)
            default:
                guard segment == expected else { return nil }
                continue
            }
            segments[index] = String(expected)
        }
        guard let latitude, let longitude else { return nil }
        var skeleton = signature
        skeleton.path = "/" + segments.joined(separator: "/")
        return RequestPosition(skeleton: skeleton, latitude: latitude, longitude: longitude)
    }
}
