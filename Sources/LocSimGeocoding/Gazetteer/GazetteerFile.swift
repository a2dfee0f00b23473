/// A version-2 gazetteer file (written by `scripts/make-gazetteer.py`), read in place.
///
/// Little-endian. A 32-byte header (`LSGZ`, version 2, place/region/country/section counts,
/// string-table size, attribution reference); the country table (8 bytes each: ISO code, name
/// reference); the region table (12 bytes each: country index, group, admin1 and admin2
/// references; a group per country and first-level region); zero padding to a multiple of 16;
/// the places in k-d tree order, one 16-byte *slot* each (latitude and longitude as Int32 in
/// 1e-5 degrees, population UInt32, region index UInt16, split axis UInt8, subtree radius bound
/// UInt8: see ``KDTree``); a name reference (UInt32) per slot; a *rank* (UInt32) per slot, the
/// place's position in the order (country, admin1, admin2, name, latitude, longitude,
/// population), which breaks distance ties; the section pairs (child slot, parent slot, sorted by
/// child; a parent is itself a child only when it is a borough); and the string table (a length
/// byte, then UTF-8; references are offsets into it, 0xFFFFFFFF for none).
///
/// Only the header is read when the file is opened: it must name version 2 and section sizes
/// that add up to the file size, so every slot, table row and string-table offset lies inside
/// the file. Nothing else is checked up front (that would bring every page of a mapped file into
/// memory); the references between tables are checked when they are followed, and a bad one
/// throws ``Corrupt``.
struct GazetteerFile: Sendable {
    /// A reference in the file points outside its table.
    struct Corrupt: Error {}

    static let magic: [UInt8] = Array("LSGZ".utf8)
    static let version: UInt32 = 2
    static let none: UInt32 = 0xFFFF_FFFF
    static let headerSize = 32
    static let countryStride = 8
    static let regionStride = 12
    static let slotStride = 16

    let bytes: GazetteerBytes
    let placeCount: Int
    let regionCount: Int
    let countryCount: Int
    let sectionCount: Int
    let countriesOffset: Int
    let regionsOffset: Int
    let slotsOffset: Int
    let namesOffset: Int
    let ranksOffset: Int
    let sectionsOffset: Int
    let stringsOffset: Int
    let stringsSize: Int
    let attributionRef: UInt32

    /// Checks the header of `bytes`; `name` appears in error messages.
    init(bytes: GazetteerBytes, name: String) throws(GazetteerError) {
        func fail(_ what: String) -> GazetteerError { GazetteerError("\(name): not a valid gazetteer file: \(what)") }
        guard bytes.count >= Self.headerSize, (0..<4).allSatisfy({ bytes.u8($0) == Self.magic[$0] }) else {
            throw fail("bad magic")
        }
        let version = bytes.u32(4)
        guard version == Self.version else { throw fail("version \(version), expected \(Self.version)") }
        self.bytes = bytes
        placeCount = Int(bytes.u32(8))
        regionCount = Int(bytes.u32(12))
        countryCount = Int(bytes.u32(16))
        sectionCount = Int(bytes.u32(20))
        stringsSize = Int(bytes.u32(24))
        attributionRef = bytes.u32(28)
        countriesOffset = Self.headerSize
        regionsOffset = countriesOffset + Self.countryStride * countryCount
        slotsOffset = (regionsOffset + Self.regionStride * regionCount + 15) / 16 * 16
        namesOffset = slotsOffset + Self.slotStride * placeCount
        ranksOffset = namesOffset + 4 * placeCount
        sectionsOffset = ranksOffset + 4 * placeCount
        stringsOffset = sectionsOffset + 8 * sectionCount
        guard placeCount > 0, placeCount <= Int(Int32.max), regionCount <= 0x1_0000 else {
            throw fail("\(placeCount) places and \(regionCount) regions")
        }
        guard stringsOffset + stringsSize == bytes.count else {
            throw fail("section sizes do not add up to the file size \(bytes.count)")
        }
    }

    // Slots: `slot` is in 0..<placeCount.

    func latitudeE5(_ slot: Int) -> Int32 { Int32(bitPattern: bytes.u32(slotsOffset + Self.slotStride * slot)) }
    func longitudeE5(_ slot: Int) -> Int32 { Int32(bitPattern: bytes.u32(slotsOffset + Self.slotStride * slot + 4)) }
    func population(_ slot: Int) -> Int { Int(bytes.u32(slotsOffset + Self.slotStride * slot + 8)) }
    func region(_ slot: Int) -> Int { Int(bytes.u16(slotsOffset + Self.slotStride * slot + 12)) }
    func nameRef(_ slot: Int) -> UInt32 { bytes.u32(namesOffset + 4 * slot) }
    func rank(_ slot: Int) -> UInt32 { bytes.u32(ranksOffset + 4 * slot) }

    // References, checked.

    /// The country index of `region`.
    func regionCountry(_ region: Int) throws(Corrupt) -> Int {
        guard region < regionCount else { throw Corrupt() }
        let country = Int(bytes.u16(regionsOffset + Self.regionStride * region))
        guard country < countryCount else { throw Corrupt() }
        return country
    }

    /// The group of `region`: regions of one country and first-level region share it.
    func regionGroup(_ region: Int) throws(Corrupt) -> Int {
        guard region < regionCount else { throw Corrupt() }
        return Int(bytes.u16(regionsOffset + Self.regionStride * region + 2))
    }

    /// The first-level region name (admin1) of `region`, nil when it has none.
    func regionAdmin1(_ region: Int) throws(Corrupt) -> String? {
        guard region < regionCount else { throw Corrupt() }
        return try string(bytes.u32(regionsOffset + Self.regionStride * region + 4))
    }

    /// The second-level region name (admin2) of `region`, nil when it has none.
    func regionAdmin2(_ region: Int) throws(Corrupt) -> String? {
        guard region < regionCount else { throw Corrupt() }
        return try string(bytes.u32(regionsOffset + Self.regionStride * region + 8))
    }

    /// The ISO 3166-1 alpha-2 code of `country` (two capital letters).
    func countryCode(_ country: Int) throws(Corrupt) -> String {
        let base = countriesOffset + Self.countryStride * country
        guard country < countryCount, (65...90).contains(bytes.u8(base)), (65...90).contains(bytes.u8(base + 1)) else {
            throw Corrupt()
        }
        return bytes.string(base..<base + 2)
    }

    /// The English name of `country`.
    func countryName(_ country: Int) throws(Corrupt) -> String {
        guard country < countryCount,
            let name = try string(bytes.u32(countriesOffset + Self.countryStride * country + 4))
        else { throw Corrupt() }
        return name
    }

    /// The place `slot` is a section of (see ``MunicipalityRule``), nil when it is none's: a
    /// binary search of the section pairs.
    func sectionParent(of slot: Int) throws(Corrupt) -> Int? {
        var low = 0
        var high = sectionCount
        while low < high {
            let middle = low + (high - low) / 2
            let child = Int(bytes.u32(sectionsOffset + 8 * middle))
            if child == slot {
                let parent = Int(bytes.u32(sectionsOffset + 8 * middle + 4))
                guard parent < placeCount else { throw Corrupt() }
                return parent
            }
            if child < slot { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The string at `ref`, nil for the none reference.
    func string(_ ref: UInt32) throws(Corrupt) -> String? {
        guard ref != Self.none else { return nil }
        let start = Int(ref)
        guard start < stringsSize else { throw Corrupt() }
        let end = start + 1 + Int(bytes.u8(stringsOffset + start))
        guard end <= stringsSize else { throw Corrupt() }
        return bytes.string(stringsOffset + start + 1..<stringsOffset + end)
    }
}
