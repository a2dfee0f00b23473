import LocSimCanonicalJSON

extension CassetteError {
    /// A shape error in the `matching` member with the line and column of the value at fault
    /// (`cassette.json:412:17: error: matching.coordinates.metres: …`), so an editor can jump to
    /// it; any other error unchanged.
    func locatingMatchingKey(in bytes: [UInt8]) -> CassetteError {
        guard kind == .shape, line == nil, reason.hasPrefix("matching"), let colon = reason.firstIndex(of: ":")
        else { return self }
        let path = reason[..<colon].split(separator: ".").map(String.init)
        guard let place = JSONKeyLocation.find(path, in: bytes) else { return self }
        var located = self
        located.line = place.line
        located.column = place.column
        return located
    }
}
