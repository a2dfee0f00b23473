@testable import LocSimGeocoding

/// The validated layout of a version-1 gazetteer file, frozen for the reference ``V1Gazetteer``
/// (`scripts/gazetteer_format.py` reads and writes it).
///
/// Little-endian. A 32-byte header (`LSGZ`, version 1, place/region/country/section counts,
/// string-table size, attribution reference), then the country table (8 bytes each), the region
/// table (12 bytes each), the place columns (latitude and longitude as Int32 in 1e-5 degrees,
/// population UInt32, region UInt16 padded to 4 bytes, name reference UInt32), the section pairs
/// (child, parent UInt32) and the string table (a length byte, then UTF-8). Every reference,
/// index and coordinate is checked here, so reading the file afterwards cannot go out of bounds.
struct V1GazetteerFile: Sendable {
    static let magic: [UInt8] = Array("LSGZ".utf8)
    static let version: UInt32 = 1
    static let none: UInt32 = 0xFFFF_FFFF

    let bytes: [UInt8]
    let placeCount: Int
    let regionCount: Int
    let countryCount: Int
    let sectionCount: Int
    let countriesOffset: Int
    let regionsOffset: Int
    let latitudesOffset: Int
    let longitudesOffset: Int
    let populationsOffset: Int
    let regionIndexOffset: Int
    let namesOffset: Int
    let sectionsOffset: Int
    let stringsOffset: Int
    let stringsSize: Int
    let attributionRef: UInt32

    init(bytes: [UInt8], name: String) throws(GazetteerError) {
        func fail(_ what: String) -> GazetteerError { GazetteerError("\(name): not a valid gazetteer file: \(what)") }
        guard bytes.count >= 32, Array(bytes[0..<4]) == Self.magic else { throw fail("bad magic") }
        let version = Self.u32(bytes, 4)
        guard version == Self.version else { throw fail("version \(version), expected \(Self.version)") }
        self.bytes = bytes
        placeCount = Int(Self.u32(bytes, 8))
        regionCount = Int(Self.u32(bytes, 12))
        countryCount = Int(Self.u32(bytes, 16))
        sectionCount = Int(Self.u32(bytes, 20))
        stringsSize = Int(Self.u32(bytes, 24))
        attributionRef = Self.u32(bytes, 28)
        countriesOffset = 32
        regionsOffset = countriesOffset + 8 * countryCount
        latitudesOffset = regionsOffset + 12 * regionCount
        longitudesOffset = latitudesOffset + 4 * placeCount
        populationsOffset = longitudesOffset + 4 * placeCount
        regionIndexOffset = populationsOffset + 4 * placeCount
        namesOffset = regionIndexOffset + (2 * placeCount + 3) / 4 * 4
        sectionsOffset = namesOffset + 4 * placeCount
        stringsOffset = sectionsOffset + 8 * sectionCount
        guard placeCount > 0, regionCount <= 0x1_0000, stringsOffset + stringsSize == bytes.count else {
            throw fail("section sizes do not add up to the file size \(bytes.count)")
        }
        try validate(fail)
    }

    private func validate(_ fail: (String) -> GazetteerError) throws(GazetteerError) {
        // `what` names the field only when the check fails: building 250,000 descriptions up
        // front used to cost more than the rest of the load.
        func checkString(_ ref: UInt32, optional: Bool, _ what: @autoclosure () -> String) throws(GazetteerError) {
            if ref == Self.none {
                if optional { return }
                throw fail("\(what()) has no string")
            }
            let start = Int(ref)
            guard start < stringsSize, start + 1 + Int(bytes[stringsOffset + start]) <= stringsSize else {
                throw fail("\(what()) string reference \(ref) out of range")
            }
        }
        try checkString(attributionRef, optional: false, "attribution")
        for c in 0..<countryCount {
            let base = countriesOffset + 8 * c
            guard bytes[base..<base + 2].allSatisfy({ (65...90).contains($0) }) else { throw fail("country \(c) code") }
            try checkString(Self.u32(bytes, base + 4), optional: false, "country \(c)")
        }
        for r in 0..<regionCount {
            let base = regionsOffset + 12 * r
            guard Int(Self.u16(bytes, base)) < countryCount else { throw fail("region \(r) country index") }
            try checkString(Self.u32(bytes, base + 4), optional: true, "region \(r) admin1")
            try checkString(Self.u32(bytes, base + 8), optional: true, "region \(r) admin2")
        }
        for p in 0..<placeCount {
            guard abs(latitudeE5(p)) <= 9_000_000, abs(longitudeE5(p)) <= 18_000_000 else {
                throw fail("place \(p) coordinate out of range")
            }
            guard region(p) < regionCount else { throw fail("place \(p) region index") }
            try checkString(nameRef(p), optional: false, "place \(p) name")
        }
        for s in 0..<sectionCount {
            let (child, parent) = section(s)
            guard child < placeCount, parent < placeCount else { throw fail("section \(s) place index") }
        }
    }

    func latitudeE5(_ place: Int) -> Int32 { Int32(bitPattern: Self.u32(bytes, latitudesOffset + 4 * place)) }
    func longitudeE5(_ place: Int) -> Int32 { Int32(bitPattern: Self.u32(bytes, longitudesOffset + 4 * place)) }
    func population(_ place: Int) -> Int { Int(Self.u32(bytes, populationsOffset + 4 * place)) }
    func region(_ place: Int) -> Int { Int(Self.u16(bytes, regionIndexOffset + 2 * place)) }
    func nameRef(_ place: Int) -> UInt32 { Self.u32(bytes, namesOffset + 4 * place) }
    func regionCountry(_ region: Int) -> Int { Int(Self.u16(bytes, regionsOffset + 12 * region)) }
    func regionAdmin1Ref(_ region: Int) -> UInt32 { Self.u32(bytes, regionsOffset + 12 * region + 4) }
    func regionAdmin2Ref(_ region: Int) -> UInt32 { Self.u32(bytes, regionsOffset + 12 * region + 8) }
    func countryCode(_ country: Int) -> String {
        let base = countriesOffset + 8 * country
        return String(decoding: bytes[base..<base + 2], as: UTF8.self)
    }
    func countryNameRef(_ country: Int) -> UInt32 { Self.u32(bytes, countriesOffset + 8 * country + 4) }
    func section(_ index: Int) -> (child: Int, parent: Int) {
        (Int(Self.u32(bytes, sectionsOffset + 8 * index)), Int(Self.u32(bytes, sectionsOffset + 8 * index + 4)))
    }

    /// The string at `ref`, or nil for the none reference.
    func string(_ ref: UInt32) -> String? {
        guard ref != Self.none else { return nil }
        let start = stringsOffset + Int(ref)
        let length = Int(bytes[start])
        return String(decoding: bytes[start + 1..<start + 1 + length], as: UTF8.self)
    }

    static func u32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }

    static func u16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }
}
